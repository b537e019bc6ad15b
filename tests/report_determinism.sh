# erep report is deterministic: every corpus pair and every sample, run
# EREP_DET_RUNS times (default 3; bench/determinism.sh runs 5), gives the
# same report byte for byte once the timing fields are removed (jq), stats
# included. Runs are made with address randomisation as the system has it
# (never under setarch -R) and with environments of different sizes, which
# moves the stack even where ASLR is off: a search order that follows
# addresses shows up as differing reports.
. "$(dirname "$0")/lib.sh"
need_corpus
command -v jq > /dev/null || { echo "skipped: jq not found (apt-get install jq)"; exit 77; }
RUNS=${EREP_DET_RUNS:-3}
# drivers64 writes 15 MB reports: make check cuts its search short (the
# bench runs it to the end with EREP_DET_DRV_LIMIT=0)
DRV_LIMIT=${EREP_DET_DRV_LIMIT:-5000}
DRV_OPTS=
[ "$DRV_LIMIT" != 0 ] && DRV_OPTS="--state-limit $DRV_LIMIT"
A=$EREP_CORPUS/aa
S=${EREP_SRCDIR:-.}/samples
aslr=$(cat /proc/sys/kernel/randomize_va_space 2> /dev/null || echo '?')
[ "$aslr" = 0 ] && echo "note: ASLR is off here (randomize_va_space=0); only the environment size varies"

# one pair a line: program, automaton, extra options
pairs() {
  cat << EOF
$A/coverage-tests/aux_lower_bound/loops/test1.c $A/coverage-tests/aux_lower_bound/loops/assumption_automaton.txt
$A/coverage-tests/aux_lower_bound/test1.c $A/coverage-tests/aux_lower_bound/assumption_automaton.txt
$A/coverage-tests/aux_get_lines_from_cex/aa_only_infeasible.c $A/coverage-tests/aux_get_lines_from_cex/aa_only_infeasible.txt
$A/coverage-tests/aux_get_lines_from_cex/multiple_cex/multiple_cex.c $A/coverage-tests/aux_get_lines_from_cex/multiple_cex/tweakedAA.txt
$A/cpachecker-three-paths/three_paths.c $A/cpachecker-three-paths/aa_three_paths_else_return_not_covered.spc
$A/cpachecker-three-paths/three_paths.c $A/cpachecker-three-paths/aa_three_paths_inner_if_both_blocks.spc
$A/cpachecker-three-paths/three_paths.c $A/misc/false-automaton.txt
$A/fse12-systemc/copy_mem_slave_tlm.2.c $A/fse12-systemc/copy_mem_slave_tlm.2.c.predicate.assumption_automaton
$A/fse12-systemc/copy_mem_slave_tlm.2.c $A/fse12-systemc/copy_mem_slave_tlm.2.c.predicate.assumption_automaton.swapped
$A/fse12-drivers64/copy_keyspan_remote.BUG.c $A/fse12-drivers64/copy_keyspan_remote.BUG.c.explicit.assumption_automaton $DRV_OPTS
$A/fse12-drivers64/copy_keyspan_remote.BUG.c $A/fse12-drivers64/copy_keyspan_remote.BUG.c.explicit.assumption_automaton.swapped $DRV_OPTS
$S/loop.c $S/loop.aa.txt
$S/ifelse.c $S/ifelse.aa.txt
$S/call.c $S/call.aa.txt
$S/infeasible.c $S/infeasible.aa.txt
EOF
}

# the report without its timing fields, keys sorted
normalise() { jq -S 'del(.stats.wall_seconds, .stats.first_trace_seconds)' "$1"; }

pairs > "$TMP/pairs"
while read -r prog aa opts; do
  name="$(basename "$prog") + $(basename "$aa")"
  bad=0
  for i in $(seq 1 "$RUNS"); do
    # a different environment size for every run shifts the stack
    pad=$(printf "%$((i * 97))s" '')
    # shellcheck disable=SC2086 # opts is a word list on purpose
    EREP_DET_PAD=$pad $EREP report "$prog" "$aa" $opts -o "$TMP/r$i.json" > /dev/null 2> "$TMP/err$i" \
      || { fail "$name: run $i exited $? ($(head -c 300 "$TMP/err$i"))"; bad=1; break; }
    normalise "$TMP/r$i.json" > "$TMP/n$i.json" || { fail "$name: run $i: not JSON"; bad=1; break; }
    if [ "$i" -gt 1 ] && ! cmp -s "$TMP/n1.json" "$TMP/n$i.json"; then
      fail "$name: run $i differs from run 1"
      diff "$TMP/n1.json" "$TMP/n$i.json" | head -10
      bad=1
      break
    fi
  done
  [ "$bad" = 0 ] && ok "$name: $RUNS runs identical (states $(jq .stats.states "$TMP/n1.json"))"
done < "$TMP/pairs"
finish
