#!/bin/bash
# How well the corpus automata map onto erep's CFA (issue: at least 99% of
# the MATCH transitions the product reaches), with the time of each run.
# usage: bench/match.sh [path/to/erep] [corpus]
EREP=${1:-./erep}
C=${2:-$(dirname "$0")/../../shared/corpus}
[ -f "$C/INDEX.md" ] || { echo "skipped: corpus not found"; exit 0; }
A=$C/aa
printf '%-70s %9s %9s %8s %6s %6s %8s\n' automaton reached matched percent T-locs F-locs seconds
for pair in \
  "fse12-systemc/copy_mem_slave_tlm.2.c fse12-systemc/copy_mem_slave_tlm.2.c.predicate.assumption_automaton" \
  "fse12-systemc/copy_mem_slave_tlm.2.c fse12-systemc/copy_mem_slave_tlm.2.c.predicate.assumption_automaton.swapped" \
  "fse12-drivers64/copy_keyspan_remote.BUG.c fse12-drivers64/copy_keyspan_remote.BUG.c.explicit.assumption_automaton" \
  "fse12-drivers64/copy_keyspan_remote.BUG.c fse12-drivers64/copy_keyspan_remote.BUG.c.explicit.assumption_automaton.swapped" \
  "coverage-tests/aux_lower_bound/loops/test1.c coverage-tests/aux_lower_bound/loops/assumption_automaton.txt" \
  "cpachecker-three-paths/three_paths.c cpachecker-three-paths/aa_three_paths_inner_if_both_blocks.spc"; do
  set -- $pair
  s=$(date +%s%N)
  out=$("$EREP" match --json "$A/$1" "$A/$2")
  e=$(date +%s%N)
  get() { echo "$out" | sed -n "s/^ *\"$1\": \([0-9]*\).*/\1/p" | head -1; }
  r=$(get match_transitions_reached); m=$(get match_transitions_matched)
  printf '%-70s %9s %9s %7s%% %6s %6s %8.3f\n' "$2" "$r" "$m" \
    "$(awk -v a="$m" -v b="$r" 'BEGIN{printf "%.2f", b ? 100*a/b : 100}')" \
    "$(get true_locations)" "$(get false_locations)" "$(awk -v n=$((e - s)) 'BEGIN{print n/1e9}')"
done
