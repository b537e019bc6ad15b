# Sourced by the bench scripts (POSIX sh); HERE must be the bench folder.
#
# bench_setup: EREP (default ./erep, made absolute), C (the corpus:
# EREP_CORPUS or ../shared/corpus), LIMIT (EREP_BENCH_LIMIT, default 60 s)
# and T (EREP_BENCH_KEEP=DIR, or a temporary folder removed at exit); ends
# the script with "skipped" when the corpus is not there.
bench_setup() {
  EREP=${EREP:-./erep}
  case $EREP in */*) EREP=$(cd "$(dirname "$EREP")" && pwd)/$(basename "$EREP") ;; esac
  C=${EREP_CORPUS:-$HERE/../../shared/corpus}
  LIMIT=${EREP_BENCH_LIMIT:-60}
  if [ ! -f "$C/INDEX.md" ]; then
    echo "skipped: corpus not found (looked in $C; set EREP_CORPUS)"
    exit 0
  fi
  if [ -n "${EREP_BENCH_KEEP:-}" ]; then
    T=$EREP_BENCH_KEEP; mkdir -p "$T" || exit 2
  else
    T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
  fi
}

# at PATH: PATH as given when it exists, else relative to the corpus.
at() { if [ -e "$1" ]; then echo "$1"; else echo "$C/$1"; fi; }

# Sourced by the bench scripts. depth_aa N FILE writes the depth:N
# automaton: a verifier that explored N branch decisions deep. Every N-th
# condition edge (`[...]`) of a path enters __FALSE, so the frontier lies N
# decisions deep; everything else stays in the automaton.
depth_aa() {
  { printf 'OBSERVER AUTOMATON AssumptionAutomaton\n\nINITIAL STATE ARG0;\n\n'
    printf 'STATE __TRUE :\n    TRUE -> GOTO __TRUE;\n\nSTATE __FALSE :\n    TRUE -> GOTO __FALSE;\n\n'
    d_i=0
    while [ $d_i -lt "$1" ]; do
      d_n=$((d_i + 1)); d_to=ARG$d_n; [ $d_n = "$1" ] && d_to=__FALSE
      printf 'STATE USEFIRST ARG%s :\n    MATCH [\\\\[.*] -> GOTO %s;\n    TRUE -> GOTO ARG%s;\n\n' $d_i $d_to $d_i
      d_i=$d_n
    done
    printf 'END AUTOMATON\n'; } > "$2"
}

# The corpus's automata with their programs (relative to $C/aa), one pair
# a line: the reports bench/compare.sh checks and times.
CORPUS_PAIRS='fse12-systemc/copy_mem_slave_tlm.2.c fse12-systemc/copy_mem_slave_tlm.2.c.predicate.assumption_automaton
fse12-systemc/copy_mem_slave_tlm.2.c fse12-systemc/copy_mem_slave_tlm.2.c.predicate.assumption_automaton.swapped
fse12-drivers64/copy_keyspan_remote.BUG.c fse12-drivers64/copy_keyspan_remote.BUG.c.explicit.assumption_automaton
fse12-drivers64/copy_keyspan_remote.BUG.c fse12-drivers64/copy_keyspan_remote.BUG.c.explicit.assumption_automaton.swapped
coverage-tests/aux_lower_bound/loops/test1.c coverage-tests/aux_lower_bound/loops/assumption_automaton.txt
coverage-tests/aux_lower_bound/test1.c coverage-tests/aux_lower_bound/assumption_automaton.txt
coverage-tests/aux_get_lines_from_cex/aa_only_infeasible.c coverage-tests/aux_get_lines_from_cex/aa_only_infeasible.txt
coverage-tests/aux_get_lines_from_cex/multiple_cex/multiple_cex.c coverage-tests/aux_get_lines_from_cex/multiple_cex/tweakedAA.txt
cpachecker-three-paths/three_paths.c cpachecker-three-paths/aa_three_paths_else_return_not_covered.spc
cpachecker-three-paths/three_paths.c cpachecker-three-paths/aa_three_paths_inner_if_both_blocks.spc'
