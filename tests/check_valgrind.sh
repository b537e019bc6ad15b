# `make check-valgrind`, second half: the erep binary under valgrind on the
# report path (every sample, then `erep tests` on one of the reports and
# `erep cfa --dot` on a sample), and on corpus pairs when the corpus is
# there. Not in `make check`: a corpus report takes seconds under valgrind.
. "$(dirname "$0")/lib.sh"
S=${EREP_SRCDIR:-.}/samples
VG="valgrind -q --suppressions=${EREP_SRCDIR:-.}/tests/valgrind.supp --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite --error-exitcode=99"
vg() { # vg NAME ARGS...: erep ARGS under valgrind, its errors shown on failure
  name=$1; shift
  $VG "$EREP" "$@" > "$TMP/out" 2> "$TMP/err"; rc=$?
  if [ $rc = 99 ] || grep -q '^==[0-9]*==' "$TMP/err"; then
    fail "$name: valgrind errors"; grep '^==[0-9]*==' "$TMP/err" | head -40
  elif [ $rc != 0 ]; then
    fail "$name: exit $rc"; head -5 "$TMP/err"
  else
    ok "$name: valgrind clean"
  fi
}
for p in loop ifelse call infeasible; do
  vg "report $p" report "$S/$p.c" "$S/$p.aa.txt" -o "$TMP/$p.json"
done
vg "tests loop" tests "$TMP/loop.json" -o "$TMP/suite" --component both
vg "html loop (the report as a page, its pictures)" html "$TMP/loop.json" -o "$TMP/loop.html"
vg "dot loop --around" dot "$TMP/loop.json" --around F1 --depth 1 -T svg -o "$TMP/around.svg"
vg "cfa --dot call" cfa --dot "$S/call.c"
F=${EREP_SRCDIR:-.}/tests/data/dotfold/calls.c
vg "verify calls (explicit, cut: an automaton of 247 states)" verify "$F" --analysis explicit --state-limit 600 -o "$TMP/cv"
vg "report calls" report "$F" "$TMP/cv/automaton.txt" -o "$TMP/cr.json"
vg "dot calls --view aa (folded along the traces)" dot "$TMP/cr.json" --view aa -T svg -o "$TMP/cfold.svg"
U=${EREP_SRCDIR:-.}/tests/data
vg "report ptrs (explicit: refined from undefined behaviour)" report "$U/undefined/ptrs.c" "$U/undefined/ptrs.aa.txt" --analysis explicit -o "$TMP/ptrs.json"
vg "verify evenloop (predicate: the program's conditions as predicates)" verify "$U/verify/evenloop.c" --analysis predicate
vg "verify heap (explicit: malloc and free in the path encoding)" verify "$U/verify/heap.c" --analysis explicit -o "$TMP/heapv"
vg "verify heap_safe (symbolic execution over malloc's objects)" verify "$U/verify/heap_safe.c" --analysis explicit
vg "verify floats (IEEE 754 in the path encoding)" verify "$U/verify/floats.c" --analysis explicit
vg "verify nullptr (predicate analysis with pointers into no object)" verify "$U/verify/nullptr.c" --analysis predicate
W=${EREP_SRCDIR:-.}/tests/data/swarm
vg "verify --omit (feature omission)" verify "$S/stack.c" --analysis explicit --path-length 2000 --omit pop,top
vg "swarm (the parent: plan, pool, the FALSE proved again)" swarm "$S/stack.c" --bound 2000 --seed 1 --configs 3 -o "$TMP/sw1"
vg "swarm (the union of the runs' automata)" swarm "$W/small.c" --analysis explicit --bound 100 --seed 3 --configs 4 -o "$TMP/sw2"
vg "swarm --plan" swarm "$W/small.c" --bound 100 --seed 3 --configs 4 --plan "$TMP/sw3"
vg "swarm --collect" swarm "$W/small.c" --collect "$TMP/sw2"
vg "dot loop --view trace-cfa:F1 (the trace over the CFA)" dot "$TMP/loop.json" --view trace-cfa:F1 -T svg -o "$TMP/tcfa.svg"
# undefined behaviour as a class (the model of the execution that gets
# there; with large blocks, found again at statement level), unknown steps
U=${EREP_SRCDIR:-.}/tests/data/undefined
vg "report ub (explicit: an undefined trace)" report "$U/ub.c" "$U/ub.aa.txt" -o "$TMP/ub.json"
vg "report ub (predicate: the block path expanded)" report "$U/ub.c" "$U/ub.aa.txt" --analysis predicate -o "$TMP/ubp.json"
vg "report union (an unknown trace's step)" report "$U/union.c" "$U/union.aa.txt" -o "$TMP/un.json"
vg "html ub" html "$TMP/ub.json" -o "$TMP/ub.html"
vg "verify ptr (pointer values)" verify "${EREP_SRCDIR:-.}/tests/data/values/ptr.c" -o "$TMP/vptr"
vg "report on a violation witness (read back)" report "${EREP_SRCDIR:-.}/tests/data/values/ptr.c" "$TMP/vptr/witness.graphml" -o "$TMP/wit.json"
V=${EREP_SRCDIR:-.}/tests/data/verify
vg "verify bug (predicate)" verify "$V/bug.c" --analysis predicate -o "$TMP/vbug"
vg "verify loop (auto: explicit, then predicate)" verify "$V/loop.c" --time-limit 5 -j 1
vg "verify loop (auto's portfolio: the last branch says UNKNOWN)" verify "$V/loop.c" --time-limit 5 -j 2
vg "verify wide (auto's portfolio: a branch's FALSE)" verify "$V/wide.c" --time-limit 20 -j 2 -o "$TMP/vw"
vg "verify safe (explicit)" verify "$V/safe.c" --analysis explicit
vg "verify loop (predicate, unknown)" verify "$V/loop.c" --analysis predicate
vg "verify lazy (predicate, refinements cut the ARG back)" verify "$V/lazy.c" --analysis predicate
vg "verify lazy (predicate, states as BDDs)" verify "$V/lazy.c" --analysis predicate --bdd
vg "report call (predicate)" report "$S/call.c" "$S/call.aa.txt" --analysis predicate -o "$TMP/callp.json"
# issue 25: the automaton of a run (explicit, predicate on large blocks),
# its report from the ARG, a condition with ASSUMEs, the chain of auto
M=${EREP_SRCDIR:-.}/tests/data/cmc
vg "verify -o --report (explicit, cut)" verify "$M/branch.c" --analysis explicit --path-length 12 -o "$TMP/c1" --report
vg "verify -o --report (predicate, blocks)" verify "$M/deep.c" --analysis predicate --path-length 14 -o "$TMP/c2" --report
vg "verify --assumptions" verify "$M/deep.c" --analysis explicit --sbe --leave-open --path-length 14 --assumptions -o "$TMP/c3"
vg "verify --condition (ASSUMEs)" verify "$M/deep.c" --condition "$TMP/c3/automaton.txt" -o "$TMP/c4"
vg "verify --condition (blocks)" verify "$M/deep.c" --analysis predicate --condition "$TMP/c2/automaton.txt"
vg "verify auto (the chain)" verify "$M/chain.c"
vg "verify predicate --assumptions (its states as ASSUMEs)" verify "$M/pred.c" --analysis predicate --sbe --repeat-locations 1 --assumptions -o "$TMP/c5"
vg "verify predicate --refinement cuts --predicate-scope function" verify "$M/chain.c" --analysis predicate --refinement cuts --predicate-scope function
vg "verify predicate --refinement newton (paths relaxed to their cores)" verify "$M/chain.c" --analysis predicate --refinement newton
vg "verify lazy (predicate, --refinement newton)" verify "$V/lazy.c" --analysis predicate --refinement newton
# large blocks cut by the automaton, the exact pass, its symbolic execution
# on a program with pointers, and the hand-over to predicates at a cycle
P=${EREP_SRCDIR:-.}/tests/data/pblock
. "${EREP_SRCDIR:-.}/bench/lib.sh" # depth_aa
depth_aa 5 "$TMP/d5.aa"
vg "report locks2 depth 5 (predicate, large blocks)" report "$P/locks2.c" "$TMP/d5.aa" --analysis predicate -o "$TMP/l.json"
vg "report unroll (predicate, pointers)" report "$P/unroll.c" "$P/unroll.aa.txt" --analysis predicate --state-limit 100 -o "$TMP/unroll.json"
vg "report loop (predicate, cycle)" report "$S/loop.c" "$S/loop.aa.txt" --analysis predicate -o "$TMP/loopp.json"
# issue 23: the diff of two reports with status changes, the harness's
# numbers checked on reading, a default-named report
vg "report loop (state limit)" report "$S/loop.c" "$S/loop.aa.txt" --state-limit 3 -o "$TMP/part.json"
$VG "$EREP" diff "$TMP/loop.json" "$TMP/part.json" > "$TMP/out" 2> "$TMP/err"
[ $? = 3 ] && ! grep -q '^==[0-9]*==' "$TMP/err" && ok "diff full -> partial: valgrind clean" ||
  { fail "diff: valgrind"; head -20 "$TMP/err"; }
V2=${EREP_SRCDIR:-.}/tests/data/callback
vg "verify qsort callback (UNKNOWN)" verify "$V2/qsort.c" --analysis explicit
if [ -f "$EREP_CORPUS/INDEX.md" ]; then
  A=$EREP_CORPUS/aa
  vg "report loops (corpus)" report "$A/coverage-tests/aux_lower_bound/loops/test1.c" \
    "$A/coverage-tests/aux_lower_bound/loops/assumption_automaton.txt" -o "$TMP/loops.json"
  vg "report fse12-systemc (corpus)" report "$A/fse12-systemc/copy_mem_slave_tlm.2.c" \
    "$A/fse12-systemc/copy_mem_slave_tlm.2.c.predicate.assumption_automaton" -o "$TMP/sysc.json"
else
  echo "skipped: corpus not found (looked in $EREP_CORPUS): corpus reports not checked"
fi
finish
