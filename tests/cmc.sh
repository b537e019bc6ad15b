# Conditional model checking, erep verify -o DIR: the automaton of what a
# run verified under each condition (--path-length, --assume-edges,
# --repeat-locations), asserted exactly; its GraphML form reads back to the
# same automaton; it matches the program (erep match, 100 %); its report is
# full in both components and the error location is never verified;
# --condition chains runs (the bug left open is found, a safe program is
# TRUE); --report; the files of a FALSE run; usage errors that leave no
# DIR behind.
. "$(dirname "$0")/lib.sh"
D=${EREP_SRCDIR:-.}
M=$D/tests/data/cmc
P=$M/branch.c

# full_report PROGRAM AA: erep report on it, both components full
full_report() {
  rm -f "$TMP/r.json"
  $EREP report "$1" "$2" -o "$TMP/r.json" > "$TMP/rout" 2>&1 &&
    jq -e '.components.safe.full and .components.frontier.full' "$TMP/r.json" > /dev/null
}
# matched PROGRAM AA: every reached MATCH transition matched, and it fits
matched() {
  $EREP match "$1" "$2" > "$TMP/mout" 2>&1 &&
    grep -q 'matched: [0-9]* (100.00%)' "$TMP/mout" && grep -q '^fit: fits' "$TMP/mout"
}

for c in path-length:12 assume-edges:3 repeat-locations:2; do
  opt=${c%%:*}; n=${c##*:}
  rm -rf "$TMP/a"
  $EREP verify "$P" --analysis explicit --$opt $n -o "$TMP/a" > "$TMP/out" 2>&1
  grep -q '^UNKNOWN: the conditions cut [0-9]* branch' "$TMP/out" &&
    ok "--$opt $n: UNKNOWN, the conditions cut branches" || fail "--$opt $n: $(head -1 "$TMP/out")"
  cmp -s "$TMP/a/automaton.txt" "$M/branch.$opt-$n.txt" &&
    ok "--$opt $n: the automaton, exactly" ||
    { fail "--$opt $n: automaton differs"; diff "$M/branch.$opt-$n.txt" "$TMP/a/automaton.txt" | head -20; }
  rm -f "$TMP/back.txt"
  $EREP convert "$TMP/a/automaton.graphml" -o "$TMP/back.txt" > /dev/null 2>&1 &&
    cmp -s "$TMP/back.txt" "$TMP/a/automaton.txt" &&
    ok "--$opt $n: automaton.graphml is the same automaton" || fail "--$opt $n: GraphML differs"
  matched "$P" "$TMP/a/automaton.txt" && ok "--$opt $n: erep match 100 %" ||
    { fail "--$opt $n: match"; cat "$TMP/mout"; }
  full_report "$P" "$TMP/a/automaton.txt" &&
    ok "--$opt $n: its report is full in both components" || { fail "--$opt $n: report"; cat "$TMP/rout"; }
  # the cut branches are the frontier: each frontier trace ends where a
  # transition of the automaton goes to __FALSE
  jq -e '[.components.frontier.traces[] | .steps[-1].aa_to] | length > 0 and all(. == "__FALSE")' \
    "$TMP/r.json" > /dev/null && ok "--$opt $n: frontier traces end in the cut branches" ||
    fail "--$opt $n: frontier $(jq -c '.components.frontier' "$TMP/r.json" | head -c 300)"
done

# the predicate analysis on large blocks: helper states ARG<n>M<k> match
# the blocks edge by edge
rm -rf "$TMP/p"
$EREP verify "$P" --analysis predicate --path-length 12 -o "$TMP/p" > "$TMP/out" 2>&1
grep -q '^UNKNOWN' "$TMP/out" && grep -q 'STATE USEFIRST ARG[0-9]*M[0-9]* :' "$TMP/p/automaton.txt" &&
  ok "predicate (LBE): UNKNOWN, blocks through helper states" || { fail "predicate LBE"; cat "$TMP/out"; }
matched "$P" "$TMP/p/automaton.txt" && ok "predicate (LBE): erep match 100 %" || { fail "predicate match"; cat "$TMP/mout"; }
full_report "$P" "$TMP/p/automaton.txt" && ok "predicate (LBE): its report is full" ||
  { fail "predicate report"; cat "$TMP/rout"; }

# a finished run: nothing left open, the automaton is __TRUE
rm -rf "$TMP/t"
$EREP verify "$P" --analysis explicit -o "$TMP/t" > "$TMP/out" 2>&1
[ "$(head -1 "$TMP/out")" = TRUE ] && grep -q '^INITIAL STATE __TRUE;' "$TMP/t/automaton.txt" &&
  ! grep -q ARG "$TMP/t/automaton.txt" && [ ! -e "$TMP/t/counterexample.json" ] &&
  ok "TRUE: INITIAL STATE __TRUE, no counterexample" || { fail "TRUE automaton"; cat "$TMP/out" "$TMP/t/automaton.txt"; }

# chaining: a cut run, then a run with its automaton as the condition
for a in explicit predicate; do
  rm -rf "$TMP/c1" "$TMP/c2"
  $EREP verify "$P" --analysis $a --path-length 12 -o "$TMP/c1" > /dev/null 2>&1
  $EREP verify "$P" --analysis $a --condition "$TMP/c1/automaton.txt" -o "$TMP/c2" > "$TMP/out" 2>&1
  [ "$(head -1 "$TMP/out")" = TRUE ] && grep -q '^INITIAL STATE __TRUE;' "$TMP/c2/automaton.txt" &&
    ok "$a: --condition of a cut run: TRUE" || { fail "$a chain TRUE"; cat "$TMP/out"; }
done
B=$M/deep.c
err_line=$(grep -n 'reach_error();' "$B" | tail -1 | cut -d: -f1)
for a in explicit predicate; do
  rm -rf "$TMP/b1" "$TMP/b2"
  $EREP verify "$B" --analysis $a --path-length 14 -o "$TMP/b1" --report > "$TMP/out" 2>&1
  grep -q '^UNKNOWN' "$TMP/out" && grep -q "^report written to $TMP/b1/report.json" "$TMP/out" &&
    jq -e '.components.safe.full and .components.frontier.full' "$TMP/b1/report.json" > /dev/null &&
    ok "$a deep.c cut: UNKNOWN, --report full" || { fail "$a deep.c cut"; cat "$TMP/out"; }
  jq -e --argjson l "$err_line" '[.coverage.lines[] | select(.line == $l) | .verified] | all(. == false)' \
    "$TMP/b1/report.json" > /dev/null &&
    ok "$a deep.c: the error line is not verified" || fail "$a deep.c: error line verified"
  matched "$B" "$TMP/b1/automaton.txt" && ok "$a deep.c: erep match 100 %" || fail "$a deep.c match"
  $EREP verify "$B" --analysis $a --condition "$TMP/b1/automaton.txt" -o "$TMP/b2" > "$TMP/out" 2>&1
  grep -q "^FALSE: the error location at line $err_line" "$TMP/out" && [ -f "$TMP/b2/counterexample.json" ] &&
    ok "$a deep.c: --condition finds the bug" || { fail "$a deep.c chain"; cat "$TMP/out"; }
  if command -v gcc > /dev/null && command -v gcov > /dev/null; then
    EREP=$EREP sh "$D/tests/replay.sh" "$B" "$TMP/b2/counterexample.json" > "$TMP/replay.out" 2>&1 &&
      ok "$a deep.c: the counterexample replays" || { fail "$a deep.c replay"; cat "$TMP/replay.out"; }
  fi
done

# --analysis auto is the chain: the explicit analysis without refinement
# leaves the paths it cannot prove open, the later phases search only them
$EREP verify "$M/chain.c" > "$TMP/out" 2>&1
[ "$(head -1 "$TMP/out")" = TRUE ] &&
  grep -q '^  explicit: *UNKNOWN: [0-9]* paths* to error locations not proved feasible, left open' "$TMP/out" &&
  grep -q '^  predicate: *TRUE (.*; on what the run before left open)' "$TMP/out" &&
  ok "auto: the chain (explicit leaves paths open, predicate proves them)" || { fail "auto chain"; cat "$TMP/out"; }

# --assumptions: the explicit analysis's values as ASSUMEs; erep report
# and --condition honour them
rm -rf "$TMP/s1" "$TMP/s2"
$EREP verify "$B" --analysis explicit --sbe --leave-open --path-length 14 --assumptions -o "$TMP/s1" > /dev/null 2>&1
grep -q 'MATCH "i++;" -> ASSUME {i == 1} GOTO ARG' "$TMP/s1/automaton.txt" &&
  ok "--assumptions: values as ASSUME" || { fail "--assumptions"; cat "$TMP/s1/automaton.txt"; }
matched "$B" "$TMP/s1/automaton.txt" && ok "--assumptions: erep match 100 %" || fail "--assumptions: match"
full_report "$B" "$TMP/s1/automaton.txt" && ok "--assumptions: its report is full" || { fail "--assumptions: report"; cat "$TMP/rout"; }
$EREP verify "$B" --condition "$TMP/s1/automaton.txt" -o "$TMP/s2" > "$TMP/out" 2>&1
grep -q "^FALSE: the error location at line $err_line" "$TMP/out" &&
  ok "--assumptions: --condition of it finds the bug" || { fail "--assumptions chain"; cat "$TMP/out"; }

# --assumptions with the predicate analysis: its abstract states as
# ASSUMEs over the predicates (pr_domain.condition of pred.h); erep report
# parses them in their scope and honours them
Q=$M/pred.c
rm -rf "$TMP/p1"
$EREP verify "$Q" --analysis predicate --sbe --repeat-locations 1 --assumptions -o "$TMP/p1" > "$TMP/out" 2>&1
grep -q '^UNKNOWN: the conditions cut' "$TMP/out" &&
grep -q 'MATCH "\[x > 5\]" -> ASSUME {!(y == 1) && !(x <= 5) && (x > 5)} GOTO ARG' "$TMP/p1/automaton.txt" &&
  ok "--assumptions: predicate states as ASSUME" || { fail "--assumptions predicate"; cat "$TMP/out" "$TMP/p1/automaton.txt"; }
matched "$Q" "$TMP/p1/automaton.txt" && ok "--assumptions predicate: erep match 100 %" || fail "--assumptions predicate: match"
full_report "$Q" "$TMP/p1/automaton.txt" && ok "--assumptions predicate: its report is full" || { fail "--assumptions predicate: report"; cat "$TMP/rout"; }
jq -e '[.components.frontier.traces[] | select(.feasibility == "feasible")] | length >= 1' "$TMP/r.json" > /dev/null &&
  ok "--assumptions predicate: the frontier has a feasible trace" || { fail "--assumptions predicate: frontier"; jq -c ".components.frontier.traces[] | .feasibility" "$TMP/r.json"; }

# ... never over a variable that a local of the function shadows there
rm -rf "$TMP/p2"
$EREP verify "$M/shadow.c" --analysis predicate --sbe --repeat-locations 1 --assumptions -o "$TMP/p2" > "$TMP/out" 2>&1
grep -q 'MATCH "\[x > 5\]" -> ASSUME {.*(x > 5)} GOTO' "$TMP/p2/automaton.txt" &&
  grep -q 'MATCH "x = x + 1;" -> GOTO' "$TMP/p2/automaton.txt" &&
  ! grep -q 'MATCH "\(int x = 3;\|x = x + 1;\|return x;\)" -> ASSUME' "$TMP/p2/automaton.txt" &&
  ok "--assumptions predicate: no ASSUME over a shadowed global" || { fail "--assumptions shadow"; grep -n 'ASSUME\|x = x' "$TMP/p2/automaton.txt"; }
full_report "$M/shadow.c" "$TMP/p2/automaton.txt" && ok "--assumptions predicate (shadow): its report is full" || { fail "--assumptions shadow: report"; cat "$TMP/rout"; }

# a condition verified only under an ASSUME: where it fails, the path is
# open (x == 42 reaches the bug); where it holds, verified (cut)
cat > "$TMP/under.txt" <<'EOA'
OBSERVER AUTOMATON AssumptionAutomaton

INITIAL STATE A0;

STATE __TRUE :
    TRUE -> GOTO __TRUE;

STATE __FALSE :
    TRUE -> ASSUME {false} GOTO __FALSE;

STATE USEFIRST A0 :
    MATCH "int i = 0;" -> ASSUME {x != 42} GOTO __TRUE;
    TRUE -> GOTO A0;

END AUTOMATON
EOA
rm -rf "$TMP/u"
$EREP verify "$B" --analysis explicit --condition "$TMP/under.txt" -o "$TMP/u" > "$TMP/out" 2>&1
grep -q "^FALSE: the error location at line $err_line" "$TMP/out" &&
  jq -e '.components.frontier.traces[0].inputs[0].value == "42"' "$TMP/u/counterexample.json" > /dev/null &&
  ok "condition under ASSUME {x != 42}: the bug with x = 42" || { fail "ASSUME condition"; cat "$TMP/out"; }
sed 's/ASSUME {x != 42}/ASSUME {y != 42}/' "$TMP/under.txt" > "$TMP/bad_assume.txt"

# code the encoding does not model (a callback from qsort): the automaton
# claims nothing, and --report's one frontier trace is erep report's
Q=$D/tests/data/callback/qsort.c
rm -rf "$TMP/q"
$EREP verify "$Q" --analysis explicit -o "$TMP/q" --report > /dev/null 2>&1
full_report "$Q" "$TMP/q/automaton.txt"
grep -q 'STATE USEFIRST ARG0 :' "$TMP/q/automaton.txt" && ! grep -q 'MATCH' "$TMP/q/automaton.txt" &&
  [ "$(jq -c '[.components.frontier.traces[] | [.end.node, (.steps | length)]]' "$TMP/q/report.json")" = \
    "$(jq -c '[.components.frontier.traces[] | [.end.node, (.steps | length)]]' "$TMP/r.json")" ] &&
  ok "not modelled: the automaton claims nothing, --report agrees with erep report" ||
  { fail "not modelled"; cat "$TMP/q/automaton.txt"; }

# usage: nothing written, exit 2
expect_nodir() { # expect_nodir WHAT ARGS...: exit 2, no $TMP/x
  what=$1; shift
  rm -rf "$TMP/x"
  $EREP verify "$@" > "$TMP/out" 2> "$TMP/err"; rc=$?
  [ $rc = 2 ] && [ ! -e "$TMP/x" ] && ok "$what: exit 2, no DIR" || { fail "$what: rc=$rc"; cat "$TMP/err"; }
}
expect_nodir "--condition missing" "$P" --condition "$TMP/missing.txt" -o "$TMP/x"
expect_nodir "--condition of another program" "$P" --condition "$D/samples/loop.aa.txt" -o "$TMP/x"
grep -q 'does not fit the program' "$TMP/err" && ! grep -q -- --force "$TMP/err" && ok "a foreign condition is said" || fail "foreign: $(cat "$TMP/err")"
printf 'OBSERVER AUTOMATON A\nINITIAL STATE S;\nSTATE S :\n  MATCH "x" -> GOTO NOWHERE;\nEND AUTOMATON\n' > "$TMP/bad.txt"
expect_nodir "--condition that does not parse" "$P" --condition "$TMP/bad.txt" -o "$TMP/x"
grep -q "bad.txt:4" "$TMP/err" && ok "its line is named" || fail "bad condition: $(cat "$TMP/err")"
expect_nodir "--condition with an ASSUME out of scope" "$B" --condition "$TMP/bad_assume.txt" -o "$TMP/x"
grep -q "bad_assume.txt:12: ASSUME {y != 42}" "$TMP/err" && ok "its line is named" || fail "bad ASSUME: $(cat "$TMP/err")"
expect_nodir "--report without -o" "$P" --report
expect_nodir "--path-length 0" "$P" --path-length 0 -o "$TMP/x"
finish
