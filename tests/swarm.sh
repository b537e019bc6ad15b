# erep swarm (issue #28): feature omission (verify --omit), the paper's
# stack (samples/stack.c): a counterexample proved again on the whole
# program and replayed under gcc; a swarm that finds none writes the union
# of its runs' automata, which erep report matches whole, with both
# components full and no error location in a safe cone; --plan + GNU
# parallel + --collect gives what -o gives; the same seed, the same plan;
# a killed worker; SIGINT; bad input.
. "$(dirname "$0")/lib.sh"
D=${EREP_SRCDIR:-.}
cp "$D/samples/stack.c" "$D/tests/data/swarm/slow.c" "$D/tests/data/swarm/small.c" "$TMP/"
sed -e 's|    reach_error(); /\* the overflow .*|    return; /* full: dropped */|' -e 's|^  else$|  else if (s < 0)\n    reach_error(); /* never */\n  else|' \
  "$D/tests/data/swarm/small.c" > "$TMP/safe.c"
grep -q 'return; /\* full: dropped' "$TMP/safe.c" && grep -q 'reach_error(); /\* never' "$TMP/safe.c" || fail "safe.c not made"
cd "$TMP" || exit 1

# --- verify --omit: a call of an omitted function cuts its path ---
$EREP verify stack.c --analysis explicit --path-length 2000 --omit push > out 2>&1
head -1 out | grep -q '^UNKNOWN: the conditions cut [0-9]* branch.*at calls of omitted functions)' &&
  ok "verify --omit push: no overflow without push, the cut said" || { fail "verify --omit push"; cat out; }
$EREP verify stack.c --analysis explicit --path-length 2000 --omit pop,top > out 2>&1
head -1 out | grep -q '^FALSE: the error location at line 22' &&
  ok "verify --omit pop,top: the overflow still found" || { fail "verify --omit pop,top"; cat out; }
$EREP verify stack.c --omit nosuch > out 2>&1; rc=$?
[ $rc = 2 ] && grep -q "omit: 'nosuch': the program calls no such function (features: top, push, pop)" out &&
  ok "verify --omit nosuch: exit 2, the features named" || { fail "--omit nosuch: rc=$rc"; cat out; }

$EREP verify stack.c --path-length 2000 --no-false-automaton -o nfa > out 2>&1 &&
  [ ! -e nfa/automaton.txt ] && [ -s nfa/counterexample.json ] && [ -s nfa/witness.graphml ] &&
  ! grep -q 'automaton written' out &&
  ok "verify --no-false-automaton: a FALSE run writes its counterexample and witness only" ||
  { fail "--no-false-automaton"; cat out; ls nfa; }

# --- the sample: the first counterexample, proved again, replayed ---
$EREP swarm stack.c --bound 2000 --seed 1 --jobs 2 -o s1 > out 2> err; rc=$?
if [ $rc = 0 ] && head -1 out | grep -q '^FALSE: the error location at line 22 is reachable (.*found by c[0-9]*, which omitted .*; proved again on the whole program)' &&
   [ "$(grep -c '^  input [0-9]*: __VERIFIER_nondet_int = ' out)" -ge 64 ]; then
  ok "stack.c: FALSE, proved again on the whole program, $(grep -c '^  input' out) inputs"
else
  fail "stack.c swarm: rc=$rc"; cat out err
fi
c=$(head -1 out | sed -n 's/.*found by \(c[0-9]*\),.*/\1/p')
if [ -n "$c" ] && [ -f "s1/$c.confirm.json" ] && command -v gcc > /dev/null; then
  EREP=$EREP sh "$D/tests/replay.sh" stack.c "s1/$c.confirm.json" > rep 2>&1 &&
    ok "...its counterexample replays under gcc ($(tail -1 rep))" || { fail "replay of $c"; cat rep; }
fi
! ls -a s1 | grep -q 'erep-' && grep -q "^swarm: 8 configurations (seed 1, bound 2000, analysis auto, 3 features): .*[0-9] FALSE" out &&
  ok "...the summary names seed, bound and counts; the runs killed for it left nothing" || { fail "swarm summary"; cat out; ls -a s1; }

# --- the same seed, the same plan; another seed, another ---
$EREP swarm stack.c --seed 5 --configs 6 --plan pa > /dev/null &&
  $EREP swarm stack.c --seed 5 --configs 6 --plan pb > /dev/null &&
  $EREP swarm stack.c --seed 6 --configs 6 --plan pc > /dev/null || fail "plans"
cmp -s pa/swarm.json pb/swarm.json && [ "$(sed 's|/pa/|/pb/|g' pa/jobs.txt)" = "$(cat pb/jobs.txt)" ] &&
  ok "--seed 5 twice: the same plan and jobs" || fail "--seed 5: plans differ"
! cmp -s pa/swarm.json pc/swarm.json && ok "--seed 6: another plan" || fail "--seed 6: the same plan"
[ "$(wc -l < pa/jobs.txt)" = 6 ] && grep -q "'verify' '$TMP/stack.c' '--analysis' 'auto' '--path-length' '1000'" pa/jobs.txt &&
  ok "jobs.txt: a quoted erep verify command a configuration" || { fail "jobs.txt"; cat pa/jobs.txt; }

# --- no counterexample: the union of the automata (explicit, bounded) ---
$EREP swarm safe.c --analysis explicit --bound 120 --seed 7 --configs 6 --jobs 2 -o s2 > out 2> err; rc=$?
[ $rc = 0 ] && head -1 out | grep -q '^UNKNOWN: no counterexample in 6 configurations up to 120 program edges' &&
  [ -s s2/automaton.txt ] && [ -s s2/automaton.graphml ] &&
  ok "safe.c: UNKNOWN up to the bound, the union written" || { fail "safe.c swarm: rc=$rc"; cat out err; }
$EREP report safe.c s2/automaton.txt -o s2r.json > rout 2>&1 || fail "report on the union"
grep -q '^automaton  \([0-9]*\) of \1 reached MATCH transitions matched, .*: fits' rout &&
  grep -q '^safe cones .*, full (search finished)' rout && grep -q '^frontier .*, full (search finished)' rout &&
  ok "erep report on the union: every transition matched, both components full" || { fail "report on the union"; cat rout; }
# a buggy stack, bounded below its overflow: nothing found; the union's
# safe cones never pass the error location (line 11)
$EREP swarm small.c --analysis explicit --bound 100 --seed 3 --configs 5 --jobs 2 -o s3 > out 2>&1 &&
  head -1 out | grep -q '^UNKNOWN: no counterexample' || { fail "small.c bound 100"; cat out; }
$EREP report small.c s3/automaton.txt -o s3r.json > rout 2>&1 || fail "report on small's union"
grep -q '^automaton  \([0-9]*\) of \1 reached MATCH transitions matched' rout &&
  grep -q '^safe cones .*, full' rout && grep -q '^frontier .*, full' rout &&
  [ "$(jq '[.components.safe.traces[].steps[] | select(.line == 11)] | length' s3r.json)" = 0 ] &&
  [ "$(jq '[.coverage.lines[] | select(.line == 11 and .verified)] | length' s3r.json)" = 0 ] &&
  [ "$(jq '[.coverage.lines[] | select(.line == 11 and .frontier_trace)] | length' s3r.json)" = 1 ] &&
  ok "small.c's union: matched whole, both full, no safe cone reaches the error (line 11)" || { fail "small union report"; cat rout; }

# --- --plan, GNU parallel, --collect: what -o gives ---
if command -v parallel > /dev/null; then
  $EREP swarm safe.c --analysis explicit --bound 120 --seed 7 --configs 6 --plan p2 > pout &&
    (cd p2 && parallel --will-cite --jobs 2 < jobs.txt) &&
    $EREP swarm safe.c --collect p2 > cout 2>&1 || { fail "plan, parallel, collect"; cat pout cout; }
  [ "$(head -1 cout)" = "$(head -1 s2/../out 2> /dev/null || true)" ] || true
  $EREP swarm safe.c --analysis explicit --bound 120 --seed 7 --configs 6 -o s2b > out2 2>&1
  [ "$(head -1 cout)" = "$(head -1 out2)" ] && cmp -s p2/automaton.txt s2b/automaton.txt &&
    cmp -s p2/automaton.txt s2/automaton.txt &&
    ok "--plan + GNU parallel + --collect: the verdict and automaton of -o" ||
    { fail "collect differs"; cat cout out2; diff p2/automaton.txt s2/automaton.txt | head; }
  # a plan of stack.c: --collect finds the FALSE and proves it again
  $EREP swarm stack.c --bound 2000 --seed 1 --configs 3 --plan p3 > /dev/null &&
    (cd p3 && parallel --will-cite --jobs 2 < jobs.txt) &&
    $EREP swarm stack.c --collect p3 > cout 2>&1
  head -1 cout | grep -q '^FALSE: the error location at line 22 .*proved again' &&
    ok "--collect of stack.c's plan: FALSE, proved again" || { fail "collect FALSE"; cat cout; }
  # a counterexample that is no path of the program is not reported
  for c in p3/c*/counterexample.json; do
    jq '.components.frontier.traces[0].steps[-1].text = "no such statement;"' "$c" > x.json && mv x.json "$c"
  done
  $EREP swarm stack.c --collect p3 > cout 2> cerr
  ! grep -q '^FALSE' cout && grep -q 'said FALSE, but erep report of its path proved no way to its end.*: not reported' cerr &&
    ok "...a counterexample changed to no path of the program: not reported" || { fail "tampered cex"; cat cout cerr; }
else
  echo "note: GNU parallel not found: --plan + parallel + --collect not checked"
fi

# --- a killed worker: said, not verified; the rest still merged ---
$EREP swarm slow.c --analysis explicit --time-limit 60 --seed 2 --configs 4 --jobs 2 -o s4 > out 2> err &
sw=$!
killed=
for i in $(seq 1 100); do
  pid=$(pgrep -f "verify $TMP/slow.c --analysis explicit --path-length 1000 --time-limit 60 --jobs 1 --no-false-automaton -o $TMP/s4/c" | head -1)
  # the run that omits nothing is the slow one; wait until the fast ones ended
  if [ -n "$pid" ] && [ "$(ls s4/c*.out 2> /dev/null | wc -l)" -ge 3 ]; then kill -9 "$pid"; killed=$pid; break; fi
  sleep 0.1
done
wait $sw; rc=$?
[ -n "$killed" ] && [ $rc = 0 ] && grep -q 'erep swarm: c[0-9]* was killed by signal 9 (Killed) without a verdict: it counts as not verified' err &&
  grep -q '1 no verdict' out && [ -s s4/automaton.txt ] &&
  ok "a worker killed (SIGKILL): said, counted as not verified, the others merged" ||
  { fail "killed worker: rc=$rc killed=$killed"; cat out err; }

# --- SIGINT: every worker stops, what they verified is kept (a script's
# background job starts with SIGINT ignored, which erep keeps: given back) ---
env --default-signal=INT,TERM,HUP $EREP swarm slow.c --analysis explicit --time-limit 60 --seed 2 --configs 4 --jobs 2 -o s5 > out 2> err &
sw=$!
for i in $(seq 1 100); do
  [ "$(ls s5/c*.out 2> /dev/null | wc -l)" -ge 3 ] && break
  sleep 0.1
done
sleep 0.5
kill -INT $sw
wait $sw; rc=$?
[ $rc = 0 ] && head -1 out | grep -q '^UNKNOWN: stopped by SIGINT' && [ -s s5/automaton.txt ] &&
  ! pgrep -f "$TMP/s5/c" > /dev/null &&
  ok "SIGINT: UNKNOWN, no worker left, the automaton written" || { fail "SIGINT: rc=$rc"; cat out err; }
$EREP report slow.c s5/automaton.txt -o s5r.json > rout 2>&1 &&
  grep -q '^automaton  \([0-9]*\) of \1 reached MATCH transitions matched' rout &&
  ok "...and erep report matches it whole" || { fail "report after SIGINT"; cat rout; }

# --- a program that calls no function: one configuration, the whole program ---
printf 'extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\nint main(void) {\n  int x = __VERIFIER_nondet_int();\n  if (x == 42) reach_error();\n  return 0;\n}\n' > flat.c
$EREP swarm flat.c --seed 1 -o s9 > out 2> err &&
  grep -q 'calls no function with a body: one configuration, the whole program' err &&
  head -1 out | grep -q '^FALSE: the error location at line 5 .*found by c1, which omitted nothing' &&
  grep -q '^swarm: 1 configuration (seed 1, bound 1000, analysis auto, 0 features)' out && grep -q '^  input 0: __VERIFIER_nondet_int = 42' out &&
  ok "no feature: the whole program, its FALSE with x = 42" || { fail "flat program"; cat out err; }

# --- bad input: exit 2, nothing written ---
printf 'push\n# a comment\n\nnosuch\n' > feats.txt
$EREP swarm stack.c --features feats.txt -o s6 > out 2>&1; rc=$?
[ $rc = 2 ] && grep -q 'feats.txt:4: the program calls no function of that name' out && [ ! -e s6/jobs.txt ] &&
  ok "--features FILE naming no function: exit 2 with FILE:LINE" || { fail "bad features: rc=$rc"; cat out; }
printf 'push\npop\n' > feats.txt
$EREP swarm stack.c --features feats.txt --seed 1 --plan p7 > out 2>&1 &&
  [ "$(jq -c .features p7/swarm.json)" = '["push","pop"]' ] &&
  ok "--features FILE: its names" || { fail "features file"; cat out; }
$EREP swarm stack.c -o s8 --plan p8 > out 2>&1; rc=$?
[ $rc = 2 ] && grep -q 'exclude each other' out && ok "-o with --plan: exit 2" || fail "-o --plan: rc=$rc"
$EREP swarm safe.c --collect pa > out 2>&1; rc=$?
[ $rc = 2 ] && grep -q 'is not the program of the plan' out && ok "--collect with another program: exit 2" ||
  { fail "collect other program: rc=$rc"; cat out; }
mkdir empty
$EREP swarm stack.c --collect empty > out 2>&1; rc=$?
[ $rc = 2 ] && grep -q 'swarm.json' out && ok "--collect of a directory without a plan: exit 2" || { fail "collect empty: rc=$rc"; cat out; }
echo '{"format": "erep swarm plan", "version": 1}' > pa/swarm.json
$EREP swarm stack.c --collect pa > out 2>&1; rc=$?
[ $rc = 2 ] && grep -q 'not a plan of erep swarm' out && ok "--collect of a malformed plan: exit 2" || { fail "malformed plan: rc=$rc"; cat out; }
$EREP swarm stack.c -o s1 > out 2>&1; rc=$?
[ $rc = 2 ] && ok "-o an existing swarm directory: exit 2" || { fail "-o non-empty: rc=$rc"; cat out; }
finish
