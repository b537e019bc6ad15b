# erep match on every program + automaton pair of the corpus: exits 0,
# matches at least 99% of the reached MATCH transitions of the fse12
# automata, and detects a program edited after its automaton was made.
. "$(dirname "$0")/lib.sh"
need_corpus
A=$EREP_CORPUS/aa
num() { sed -n "s/^ *\"$1\": \([0-9]*\).*/\1/p" "$2" | head -1; }
check_pair() { # PROGRAM AA MIN_PERCENT
  $EREP match --json "$A/$1" "$A/$2" > "$TMP/m.json" 2>"$TMP/err" || { fail "erep match $1 $2: $(cat "$TMP/err")"; return; }
  r=$(num match_transitions_reached "$TMP/m.json"); m=$(num match_transitions_matched "$TMP/m.json")
  [ -n "$r" ] && [ -n "$m" ] || { fail "$2: no match counts in the JSON"; return; }
  grep -q '"unmatched": \[' "$TMP/m.json" && grep -q '"warnings": \[' "$TMP/m.json" && grep -q '"states": ' "$TMP/m.json" \
    || fail "$2: JSON lacks unmatched/warnings/states"
  echo "$2: $m of $r reached MATCH transitions matched"
  [ $((m * 100)) -ge $((r * $3)) ] || fail "$2: below $3%"
  grep -q '"fit": "fits"' "$TMP/m.json" || fail "$2: does not fit its program"
}
check_pair fse12-systemc/copy_mem_slave_tlm.2.c fse12-systemc/copy_mem_slave_tlm.2.c.predicate.assumption_automaton 99
check_pair fse12-systemc/copy_mem_slave_tlm.2.c fse12-systemc/copy_mem_slave_tlm.2.c.predicate.assumption_automaton.swapped 99
check_pair fse12-drivers64/copy_keyspan_remote.BUG.c fse12-drivers64/copy_keyspan_remote.BUG.c.explicit.assumption_automaton 99
check_pair fse12-drivers64/copy_keyspan_remote.BUG.c fse12-drivers64/copy_keyspan_remote.BUG.c.explicit.assumption_automaton.swapped 99
check_pair coverage-tests/aux_lower_bound/loops/test1.c coverage-tests/aux_lower_bound/loops/assumption_automaton.txt 100
check_pair coverage-tests/aux_lower_bound/test1.c coverage-tests/aux_lower_bound/assumption_automaton.txt 100
check_pair coverage-tests/aux_get_lines_from_cex/aa_only_infeasible.c coverage-tests/aux_get_lines_from_cex/aa_only_infeasible.txt 100
check_pair coverage-tests/aux_get_lines_from_cex/multiple_cex/multiple_cex.c coverage-tests/aux_get_lines_from_cex/multiple_cex/tweakedAA.txt 100
check_pair cpachecker-three-paths/three_paths.c cpachecker-three-paths/aa_three_paths_else_return_not_covered.spc 100
check_pair cpachecker-three-paths/three_paths.c cpachecker-three-paths/aa_three_paths_inner_if_both_blocks.spc 100
# the automata without a program of their own still load against any program
for aa in misc/false-automaton.txt misc/before-harness.txt misc/up-to-harness-maybe-infeasible.txt; do
  expect 0 $EREP match "$A/cpachecker-three-paths/three_paths.c" "$A/$aa"
done
# a program edited after its automaton was made (x = 5 instead of an input):
# the catch-all fires near the failed MATCH; it is reported, not accepted
sed 's/int x = __VERIFIER_nondet_int();/int x = 5;/' "$A/coverage-tests/aux_lower_bound/test1.c" > "$TMP/edited.c"
$EREP match "$TMP/edited.c" "$A/coverage-tests/aux_lower_bound/assumption_automaton.txt" > "$TMP/out"
grep -q '^unmatched: [1-9]' "$TMP/out" && grep -q 'near-miss: catch-all of state ARG1M2' "$TMP/out" \
  && ok "edited program: unmatched MATCH and near-miss warning" || { fail "edited program not detected"; cat "$TMP/out"; }
grep -q '"int x = __VERIFIER_nondet_int();" met "int x = 5;" (program line 3), an edit' "$TMP/out" && grep -q '^fit: fits-nearly' "$TMP/out" \
  && ok "edited program: the mismatch is an edit, fits nearly" || { fail "edited program: fit"; cat "$TMP/out"; }
finish
