# erep verify --analysis auto as a parallel portfolio (issue #27): with
# --jobs 2 the explicit and predicate analyses run side by side in forked
# processes (lib/race.h), the first verdict wins and the others stop; the
# verdicts are those of the sequential chain (--jobs 1); a branch that
# dies, a signal and a killed parent are handled.
. "$(dirname "$0")/lib.sh"
D=${EREP_SRCDIR:-$(dirname "$0")/..}/tests/data

# 1. the same verdict as one after the other, on every small program
for f in "$D"/verify/*.c "$D"/cmc/*.c; do
  a=$($EREP verify "$f" --time-limit 30 -j 1 2>/dev/null | head -1 | cut -d: -f1)
  b=$($EREP verify "$f" --time-limit 30 -j 2 2>/dev/null | head -1 | cut -d: -f1)
  [ -n "$a" ] && [ "$a" = "$b" ] || fail "$(basename "$f"): -j 1 says '$a', -j 2 '$b'"
done
ok "every small program: -j 2 says what -j 1 says"

# 2. the portfolio's report: both branches listed, the CPU time of all
$EREP verify "$D/cmc/chain.c" -j 2 -o "$TMP/chain" > "$TMP/out" 2> "$TMP/err"; rc=$?
[ $rc = 0 ] && head -1 "$TMP/out" | grep -qx TRUE &&
  grep -q '^  explicit: .*on what the run before left open' "$TMP/out" &&
  grep -q '^  predicate: .*on what the run before left open' "$TMP/out" &&
  grep -q '^  cpu time: .*(all processes of the portfolio)' "$TMP/out" &&
  [ -s "$TMP/chain/automaton.txt" ] && [ -s "$TMP/chain/automaton.graphml" ] &&
  ok "chain.c: TRUE, both branches listed, the automaton written" ||
  fail "chain.c -j 2: rc=$rc $(cat "$TMP/out" "$TMP/err")"
# the one-after-the-other run has no portfolio line
$EREP verify "$D/cmc/chain.c" -j 1 > "$TMP/out1" 2>&1
grep -q 'all processes of the portfolio' "$TMP/out1" &&
  fail "-j 1 ran a portfolio: $(cat "$TMP/out1")" || ok "-j 1: one process"

# 3. FALSE from a branch: its counterexample, --fail-on's exit status.
# wide.c: the first phase stops by time (4 million states), and both
# branches find the bug
$EREP verify "$D/verify/wide.c" -j 2 --time-limit 20 -o "$TMP/bug" \
  --fail-on false > "$TMP/out" 2> "$TMP/err"; rc=$?
[ $rc = 4 ] && grep -q '^FALSE' "$TMP/out" &&
  grep -q '^  explicit: .*stopped by time' "$TMP/out" &&
  grep -q 'all processes of the portfolio' "$TMP/out" &&
  [ -s "$TMP/bug/counterexample.json" ] &&
  ok "wide.c: FALSE, exit 4, the counterexample written by the winner" ||
  fail "wide.c -j 2: rc=$rc $(cat "$TMP/out" "$TMP/err")"

# 4. a branch whose process dies: the other one decides, and the list says
# how the dead one ended
for k in 0 1; do
  EREP_RACE_TEST_KILL=$k $EREP verify "$D/verify/wide.c" -j 2 \
    --time-limit 20 > "$TMP/out" 2> "$TMP/err"; rc=$?
  [ $rc = 0 ] && head -1 "$TMP/out" | grep -q '^FALSE' &&
    grep -q 'its process ended by signal 9' "$TMP/out" &&
    ok "branch $k killed: the other decides, its end is listed" ||
    fail "branch $k killed: rc=$rc $(cat "$TMP/out" "$TMP/err")"
done
# all dead: UNKNOWN with every end; no automaton is claimed
EREP_RACE_TEST_KILL=012 $EREP verify "$D/cmc/chain.c" -j 2 -o "$TMP/none" \
  > "$TMP/out" 2> "$TMP/err"; rc=$?
[ $rc = 1 ] && head -1 "$TMP/out" | grep -q '^UNKNOWN' &&
  [ "$(grep -c "^  [a-z]*: .*its process ended by signal 9" "$TMP/out")" = 3 ] &&
  grep -q 'no analysis of the portfolio ended with an automaton' "$TMP/err" &&
  [ ! -e "$TMP/none" ] &&
  ok "every branch killed: UNKNOWN, every end listed, no automaton, exit 1" ||
  fail "both killed: rc=$rc $(cat "$TMP/out" "$TMP/err"; ls "$TMP/none" 2>&1)"

# 5. the predicate analyses give up on loop.c (no new predicate); the
# explicit branch, which left its core to them after its tenth of the
# limit (race_yield), goes on where it left off when the first of them
# ends, and decides in the race (it counts to 1500000 by 3 in about a
# second); the previous build stopped it at its tenth and ran the
# explicit analysis again from the start after the portfolio, a fifth
# line. Not a timing assertion: when the first explicit run (a twentieth
# of the limit, its paths to the error left open) finishes, it decides
# alone (a fast machine: CI's searched the 1.5 million states in under
# 0.5 s), and the explicit branch may decide before its tenth.
$EREP verify "$D/verify/loop.c" -j 2 --time-limit 5 > "$TMP/out" 2> "$TMP/err"
python3 - "$TMP/out" <<'PY' && ok "loop.c: the explicit branch goes on after the predicate ones give up" || fail "loop.c -j 2: $(cat "$TMP/out" "$TMP/err")"
import re, sys
t = open(sys.argv[1]).read()
assert t.startswith("TRUE"), t
runs = re.findall(r"^  (explicit|predicate): +(\w+)(.*)$", t, re.M)
if runs[0][1] == "TRUE":  # the first run decided: no portfolio
    assert len(runs) == 1 and runs[0][0] == "explicit", runs
    assert "(all processes of the portfolio)" not in t, t
    sys.exit(0)
assert [r[0] for r in runs] == ["explicit", "explicit", "predicate", "predicate"], runs
assert runs[1][1] == "TRUE", runs  # decided in the race
assert all("no new predicate" in r[2] or "decided first" in r[2] for r in runs[2:4]), runs
assert "(all processes of the portfolio)" in t, t
PY

# 6. a signal to the parent alone reaches the branches: each stops, the
# report is partial, and no process is left. A hash Z3 takes seconds to
# invert keeps both analyses busy. (SIGTERM: a background job of a script
# ignores SIGINT.)
hash_program "$TMP/hash.c"
$EREP verify "$TMP/hash.c" -j 2 --time-limit 20 -o "$TMP/hash" \
  > "$TMP/out" 2> "$TMP/err" &
pid=$!
sleep 3 # the first phase has 1 s: the portfolio runs
kill -TERM $pid
wait $pid; rc=$?
sleep 0.2
left=$(pgrep -f "verify $TMP/hash.c" | wc -l)
[ $rc = 0 ] && grep -q '^UNKNOWN' "$TMP/out" &&
  grep -q 'stopped by signal' "$TMP/out" &&
  [ -s "$TMP/hash/automaton.txt" ] && [ "$left" = 0 ] &&
  ok "SIGTERM to the parent: every branch stopped, the automaton written" ||
  fail "SIGTERM: rc=$rc left=$left $(cat "$TMP/out" "$TMP/err")"

# 7. the parent killed outright: its branches end with it
$EREP verify "$TMP/hash.c" -j 2 > /dev/null 2>&1 &
pid=$!
sleep 2
kill -KILL $pid
wait $pid 2>/dev/null
sleep 1
left=$(pgrep -f "verify $TMP/hash.c" | wc -l)
[ "$left" = 0 ] && ok "parent killed: no branch left running" ||
  { fail "parent killed: $left processes left"; pkill -KILL -f "verify $TMP/hash.c"; }

# 8. checks that the portfolio's second predicate analysis cuts short
# (an_phase.check_share): hard_check.c's loop makes checks of 64-bit
# products that take longer than the limit, and its bug is on a short
# path; the branch whose checks get a twentieth of its time gives up on
# those and finds it (the previous build: UNKNOWN, stopped by time). The
# list says how long its checks could take; the counterexample replays.
$EREP verify "$D/portfolio/hard_check.c" -j 2 --time-limit 20 \
  -o "$TMP/hard" > "$TMP/out" 2> "$TMP/err"; rc=$?
[ $rc = 0 ] && head -1 "$TMP/out" | grep -q '^FALSE' &&
  grep -q '^  predicate: .*; solver checks of at most 1\.0 s)$' "$TMP/out" &&
  EREP=$EREP sh "$D/../replay.sh" "$D/portfolio/hard_check.c" \
    "$TMP/hard/counterexample.json" > "$TMP/replay" 2>&1 &&
  ok "hard_check.c: FALSE past checks cut short, replayed" ||
  fail "hard_check.c -j 2: rc=$rc $(cat "$TMP/out" "$TMP/err" "$TMP/replay")"
finish
