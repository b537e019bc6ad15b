# erep diff: progress and regression between reports of one program against
# two automata (a sample whose second automaton verifies more; with the
# corpus, fse12-systemc against its automaton and the .swapped one, where S
# and F trade places), the same report twice, and bad input.
. "$(dirname "$0")/lib.sh"
S=$EREP_SRCDIR/samples
D=$EREP_SRCDIR/tests/data/diff
$EREP report "$S/ifelse.c" "$S/ifelse.aa.txt" -o "$TMP/old.json" > /dev/null || fail "report old"
$EREP report "$S/ifelse.c" "$D/ifelse-more.aa.txt" -o "$TMP/new.json" > /dev/null || fail "report new"
# forward: the else branch left the frontier and is a safe cone now
$EREP diff "$TMP/old.json" "$TMP/new.json" > "$TMP/fwd"; rc=$?
[ $rc = 0 ] && ok "forward diff exits 0" || fail "forward diff exit $rc"
grep -q '^left the frontier (progress): 1' "$TMP/fwd" && grep -q '^safe cones gained: 1' "$TMP/fwd" \
  && grep -q 'line 7 *"\[!(x > 10)\]"' "$TMP/fwd" && ok "progress listed" || fail "progress: $(cat "$TMP/fwd")"
tail -1 "$TMP/fwd" | grep -q '^summary: 1 left the frontier, 0 new on it, 1 safe cone gained, 0 lost, 0 verified lines lost: no regression$' \
  && ok "one-line summary last" || fail "summary: $(tail -1 "$TMP/fwd")"
# reverse: the safe cone and the verified line 10 are lost
$EREP diff "$TMP/new.json" "$TMP/old.json" > "$TMP/rev"; rc=$?
[ $rc = 3 ] && ok "reverse diff exits 3" || fail "reverse diff exit $rc"
grep -q '^safe cones lost (the verified region shrank): 1' "$TMP/rev" && grep -q '^lines verified before, not now: 1' "$TMP/rev" \
  && grep -q '^  10$' "$TMP/rev" && grep -q 'REGRESSION' "$TMP/rev" && ok "regression listed" || fail "regression: $(cat "$TMP/rev")"
# JSON for scripts
$EREP diff --json "$TMP/new.json" "$TMP/old.json" > "$TMP/rev.json"; rc=$?
[ $rc = 3 ] || fail "--json exit $rc"
python3 - "$TMP/rev.json" <<'PY' && ok "JSON diff" || fail "JSON diff"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["format"] == "erep-diff" and d["regressed"] is True
assert [l["line"] for l in d["safe_lost"]] == [7] and d["verified_lines_lost"] == [10]
assert d["coverage"]["old"]["verified"] == 3 and d["coverage"]["new"]["verified"] == 2
PY
# the same report twice: an empty diff
$EREP diff "$TMP/old.json" "$TMP/old.json" > "$TMP/same"; rc=$?
[ $rc = 0 ] && tail -1 "$TMP/same" | grep -q 'no change$' && ok "same report: no change" || fail "same report: $rc $(cat "$TMP/same")"
# another program: exit 2 unless allowed
$EREP report "$S/loop.c" "$S/loop.aa.txt" -o "$TMP/loop.json" > /dev/null
$EREP diff "$TMP/old.json" "$TMP/loop.json" 2> "$TMP/err" > /dev/null; rc=$?
[ $rc = 2 ] && grep -q 'different programs' "$TMP/err" && ok "other program refused" || fail "other program: $rc"
$EREP diff --allow-program-change "$TMP/old.json" "$TMP/loop.json" > "$TMP/chg"; rc=$?
grep -q '^the program changed: end locations matched by function and text; [0-9]* of' "$TMP/chg" \
  && ok "--allow-program-change says how many could not be matched" || fail "program change: $rc $(cat "$TMP/chg")"
# malformed and missing reports
head -c 200 "$TMP/old.json" > "$TMP/trunc.json"
expect 2 $EREP diff "$TMP/trunc.json" "$TMP/old.json"
expect 2 $EREP diff "$TMP/old.json" "$TMP/missing.json"
echo '{"format": "erep-report", "version": 7}' > "$TMP/v7.json"
$EREP diff "$TMP/v7.json" "$TMP/old.json" 2> "$TMP/err"; [ $? = 2 ] && grep -q 'version 7' "$TMP/err" \
  && ok "other version refused" || fail "other version: $(cat "$TMP/err")"
# the corpus: fse12-systemc against its automaton and the .swapped twin
if [ -f "$EREP_CORPUS/INDEX.md" ]; then
  C=$EREP_CORPUS/aa/fse12-systemc; P=$C/copy_mem_slave_tlm.2.c; A=$P.predicate.assumption_automaton
  $EREP report "$P" "$A" -o "$TMP/s1.json" > /dev/null && $EREP report "$P" "$A.swapped" -o "$TMP/s2.json" > /dev/null \
    || fail "systemc reports"
  $EREP diff "$TMP/s1.json" "$TMP/s2.json" > "$TMP/sf"; rc=$?
  [ $rc = 0 ] && grep -q '^left the frontier (progress): 1' "$TMP/sf" && grep -q '^safe cones gained: 1' "$TMP/sf" \
    && ok "systemc: normal -> swapped is progress" || fail "systemc forward: $rc $(cat "$TMP/sf")"
  $EREP diff "$TMP/s2.json" "$TMP/s1.json" > "$TMP/sr"; rc=$?
  [ $rc = 3 ] && grep -q '^safe cones lost' "$TMP/sr" && ok "systemc: swapped -> normal is a regression" \
    || fail "systemc reverse: $rc $(cat "$TMP/sr")"
else
  echo "corpus not found: the fse12-systemc diff is skipped"
fi
# --- like with like (issue 23) ---
# coverage in one report only: not comparable, never "no change"
jq 'del(.coverage)' "$TMP/old.json" > "$TMP/nocov.json"
$EREP diff "$TMP/nocov.json" "$TMP/old.json" > "$TMP/nc"; rc=$?
[ $rc = 0 ] && grep -q '^coverage: not comparable (only the new report has it)' "$TMP/nc" &&
  ! grep -q 'no change' "$TMP/nc" && ok "coverage in one report only: not comparable" ||
  fail "coverage: rc=$rc $(cat "$TMP/nc")"
$EREP diff "$TMP/old.json" "$TMP/old.json" | tail -1 | grep -q ': no change$' &&
  ok "the same report twice: no change" || fail "same report: not 'no change'"
# a component whose search no longer finished is a regression, said
$EREP report "$S/ifelse.c" "$S/ifelse.aa.txt" --state-limit 2 -o "$TMP/part.json" > /dev/null
$EREP diff "$TMP/old.json" "$TMP/part.json" > "$TMP/pt"; rc=$?
[ $rc = 3 ] && grep -q '^frontier: full -> partial (states) (its search no longer finished: a regression)' "$TMP/pt" &&
  ok "full -> partial: a regression" || fail "full -> partial: rc=$rc $(cat "$TMP/pt")"
$EREP diff "$TMP/part.json" "$TMP/old.json" > "$TMP/pt"; rc=$?
[ $rc = 0 ] && grep -q '^frontier: partial (states) -> full$' "$TMP/pt" && ! grep -q 'no change' "$TMP/pt" &&
  ok "partial -> full: shown, no regression" || fail "partial -> full: rc=$rc $(cat "$TMP/pt")"
# the count of unknown traces is shown
T='.components.frontier.traces[0]'
jq ".unknown += [ $T | .feasibility = \"unknown\" | .reason = \"x\" | .id = \"U1\" ]" "$TMP/old.json" > "$TMP/u0.json"
key=$($EREP diff "$TMP/old.json" "$TMP/u0.json" 2>&1 | sed -n 's/.*its key is "\([^"]*\)".*/\1/p')
jq ".unknown[0].key = \"$key\"" "$TMP/u0.json" > "$TMP/u.json"
$EREP diff "$TMP/old.json" "$TMP/u.json" > "$TMP/un"; rc=$?
grep -q '^frontier: full -> full, unknown traces 0 -> 1' "$TMP/un" && ! grep -q 'no change' "$TMP/un" &&
  ok "unknown traces counted" || fail "unknown count: rc=$rc $(cat "$TMP/un")"
$EREP diff --json "$TMP/old.json" "$TMP/part.json" | jq -e '.components.frontier.worse and .changed and (.coverage.comparable == true)' > /dev/null &&
  ok "JSON: status and comparability" || fail "JSON status"
# a verify counterexample report is not an automaton's report
printf 'extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\nint main(void) { if (__VERIFIER_nondet_int() == 7) reach_error(); return 0; }\n' > "$TMP/bug.c"
$EREP verify "$TMP/bug.c" -o "$TMP/v" > /dev/null
jq -e '[.components[] | select(.computed and (.full | not)) | .stopped_by] | all(. != null) and length == 1' "$TMP/v/counterexample.json" > /dev/null &&
  ok "verify -o: its partial component says why" || fail "verify report: $(jq -c .components "$TMP/v/counterexample.json")"
$EREP diff "$TMP/old.json" "$TMP/v/counterexample.json" --allow-program-change > /dev/null 2> "$TMP/err"; rc=$?
[ $rc = 2 ] && grep -q 'a verify counterexample one' "$TMP/err" && grep -q -- '--allow-kind-change' "$TMP/err" &&
  ok "verify report against an automaton's: refused" || fail "kinds: rc=$rc $(cat "$TMP/err")"
$EREP diff "$TMP/old.json" "$TMP/v/counterexample.json" --allow-program-change --allow-kind-change > /dev/null 2>&1; rc=$?
[ $rc = 0 ] || [ $rc = 3 ] && ok "--allow-kind-change compares them" || fail "--allow-kind-change: rc=$rc"
finish
