# samples/: small programs with hand-written assumption automata.
EXTRA_DIST += samples/loop.c samples/loop.aa.txt samples/ifelse.c samples/ifelse.aa.txt \
  samples/call.c samples/call.aa.txt samples/infeasible.c samples/infeasible.aa.txt \
  samples/union.c samples/union.aa.txt samples/stack.c
