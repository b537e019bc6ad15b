# erep report refuses an automaton that was not made for the program (exit
# 2, naming the first mismatch, no report written) unless --force, which
# reports with partial components; the match figures are in every report.
. "$(dirname "$0")/lib.sh"
S=${EREP_SRCDIR:-.}/samples

# the samples' own automata fit: figures in the summary and the JSON
$EREP report "$S/loop.c" "$S/loop.aa.txt" -o "$TMP/own.json" > "$TMP/out" || fail "loop sample"
grep -q '^automaton  23 of 23 reached MATCH transitions matched, 0 catch-all firings: fits$' "$TMP/out" \
  && grep -q '"match_transitions_reached": 23' "$TMP/own.json" && grep -q '"fit": "fits"' "$TMP/own.json" \
  && grep -q '"first_mismatch": null' "$TMP/own.json" && ok "loop sample: fits, figures recorded" \
  || { fail "loop sample figures"; head -3 "$TMP/out"; }

# loop's automaton on the other samples: refused, with where it parts
for p in ifelse call infeasible; do
  echo '{}' > "$TMP/keep.json"
  $EREP report "$S/$p.c" "$S/loop.aa.txt" -o "$TMP/keep.json" > "$TMP/out" 2> "$TMP/err"; rc=$?
  [ $rc = 2 ] && grep -q 'does not fit the program' "$TMP/err" && grep -q 'loop.aa.txt:[0-9]*: state ARG' "$TMP/err" \
    && grep -q -- '--force' "$TMP/err" && [ "$(cat "$TMP/keep.json")" = '{}' ] \
    && ok "loop automaton on $p.c refused" || { fail "loop automaton on $p.c: rc=$rc"; cat "$TMP/err"; }
done
grep -q 'loop.aa.txt:30: state ARG4 expects MATCH "int n = 0;"' "$TMP/err" \
  && grep -q 'where the program has "int x = __VERIFIER_nondet_int();" (.*infeasible.c:5)' "$TMP/err" \
  && ok "first mismatch: automaton line and the edge it met" || { fail "first mismatch message"; cat "$TMP/err"; }
$EREP report "$S/call.c" "$S/loop.aa.txt" 2> "$TMP/err"
grep -q 'global declarations' "$TMP/err" && grep -q 'where the program has "int check(int v)"' "$TMP/err" \
  && ok "call.c: mismatch in the declarations" || { fail "call.c message"; cat "$TMP/err"; }

# --force: a report with partial components, the figures and a warning
$EREP report --force "$S/ifelse.c" "$S/loop.aa.txt" -o "$TMP/f.json" > "$TMP/out"; rc=$?
[ $rc = 0 ] && grep -q '"fit": "misfit-share"' "$TMP/f.json" && grep -q '"forced": true' "$TMP/f.json" \
  && [ "$(grep -c '"stopped_by": "automaton"' "$TMP/f.json")" = 2 ] && ! grep -q '"full": true' "$TMP/f.json" \
  && grep -q '"kind": "automaton-fit"' "$TMP/f.json" && grep -q '"aa_line": 30' "$TMP/f.json" \
  && grep -q '^safe cones .* partial, stopped by automaton' "$TMP/out" \
  && ok "--force: partial components, figures, warning" || { fail "--force: rc=$rc"; cat "$TMP/out"; }

# an edit of one line: the automaton still fits nearly; the report is made,
# partial, with the mismatch as a warning
$EREP report "$S/infeasible.c" "$S/ifelse.aa.txt" -o "$TMP/e.json" > "$TMP/out"; rc=$?
[ $rc = 0 ] && grep -q '"fit": "fits-nearly"' "$TMP/e.json" && grep -q '"unmatched_edits": 1' "$TMP/e.json" \
  && grep -q '"kind": "automaton-fit"' "$TMP/e.json" && ! grep -q '"full": true' "$TMP/e.json" \
  && ok "edited line: report with a warning" || { fail "edited line: rc=$rc"; cat "$TMP/out"; }

if [ ! -f "$EREP_CORPUS/INDEX.md" ]; then
  echo "skipped: the corpus pairs (corpus not found in $EREP_CORPUS)"
  finish
fi
A=$EREP_CORPUS/aa
# every program + automaton pair of the corpus fits (the search is cut
# short: the fit is measured before it)
for pair in \
  "fse12-systemc/copy_mem_slave_tlm.2.c fse12-systemc/copy_mem_slave_tlm.2.c.predicate.assumption_automaton" \
  "fse12-systemc/copy_mem_slave_tlm.2.c fse12-systemc/copy_mem_slave_tlm.2.c.predicate.assumption_automaton.swapped" \
  "fse12-drivers64/copy_keyspan_remote.BUG.c fse12-drivers64/copy_keyspan_remote.BUG.c.explicit.assumption_automaton" \
  "fse12-drivers64/copy_keyspan_remote.BUG.c fse12-drivers64/copy_keyspan_remote.BUG.c.explicit.assumption_automaton.swapped" \
  "coverage-tests/aux_lower_bound/loops/test1.c coverage-tests/aux_lower_bound/loops/assumption_automaton.txt" \
  "coverage-tests/aux_lower_bound/test1.c coverage-tests/aux_lower_bound/assumption_automaton.txt" \
  "coverage-tests/aux_get_lines_from_cex/aa_only_infeasible.c coverage-tests/aux_get_lines_from_cex/aa_only_infeasible.txt" \
  "coverage-tests/aux_get_lines_from_cex/multiple_cex/multiple_cex.c coverage-tests/aux_get_lines_from_cex/multiple_cex/tweakedAA.txt" \
  "cpachecker-three-paths/three_paths.c cpachecker-three-paths/aa_three_paths_else_return_not_covered.spc" \
  "cpachecker-three-paths/three_paths.c cpachecker-three-paths/aa_three_paths_inner_if_both_blocks.spc" \
  "cpachecker-three-paths/three_paths.c misc/false-automaton.txt"; do
  set -- $pair
  $EREP report --state-limit 2000 "$A/$1" "$A/$2" -o "$TMP/c.json" > /dev/null 2> "$TMP/err"; rc=$?
  [ $rc = 0 ] && grep -q '"fit": "fits"' "$TMP/c.json" && ok "fits: $2" || { fail "$2: rc=$rc $(cat "$TMP/err")"; }
done
# the issue's case: the SystemC automaton on the loop sample
SC=$A/fse12-systemc/copy_mem_slave_tlm.2.c.predicate.assumption_automaton
$EREP report "$S/loop.c" "$SC" -o "$TMP/sc.json" > "$TMP/out" 2> "$TMP/err"; rc=$?
[ $rc = 2 ] && [ ! -e "$TMP/sc.json" ] && grep -q 'assumption_automaton:16: state ARG342 expects MATCH "void error(void)"' "$TMP/err" \
  && grep -q 'where the program has "int __VERIFIER_nondet_int();"' "$TMP/err" \
  && ok "systemc automaton on loop.c refused" || { fail "systemc on loop.c: rc=$rc"; cat "$TMP/out" "$TMP/err"; }
# automata of other corpus programs, both ways
K=$A/fse12-drivers64
expect 2 $EREP report "$A/fse12-systemc/copy_mem_slave_tlm.2.c" "$K/copy_keyspan_remote.BUG.c.explicit.assumption_automaton"
expect 2 $EREP report "$K/copy_keyspan_remote.BUG.c" "$SC.swapped"
expect 2 $EREP report "$A/cpachecker-three-paths/three_paths.c" "$A/coverage-tests/aux_lower_bound/loops/assumption_automaton.txt"
expect 2 $EREP report "$S/ifelse.c" "$A/cpachecker-three-paths/aa_three_paths_inner_if_both_blocks.spc"
finish
