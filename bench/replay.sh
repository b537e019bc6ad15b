#!/bin/sh
# Replay the reports of corpus programs: for each PROGRAM AA pair, `erep
# report` (with a time limit), then tests/replay.sh on the report; prints
# per pair the feasible traces, how many replay (every line of the trace
# executed by its test, the run not leaving the trace) and how many fail.
#
# usage: bench/replay.sh [PROGRAM AA]...
#   Without pairs: the corpus's automata with their programs (aa/), then
#   every cmc2011/ program with the automaton depth:8.
#   Paths are relative to the corpus unless they exist as given. AA may be
#   depth:N, an automaton made here that stands for a verifier that
#   explored N branch decisions deep: every N-th condition edge (`[...]`)
#   of a path enters __FALSE, so the frontier lies N decisions deep.
# Environment: EREP (default ./erep), EREP_CORPUS (default
# ../shared/corpus), EREP_BENCH_LIMIT (time limit of erep report, seconds,
# default 60), EREP_BENCH_ARGS (more options for erep report, e.g.
# "--traces-per-location 3"), EREP_REPLAY_TIMEOUT (per run, default 10),
# EREP_BENCH_KEEP=DIR (keep every report and replay log in DIR).
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
bench_setup
if [ $# = 0 ]; then
  A=aa
  set -- \
    $A/coverage-tests/aux_lower_bound/loops/test1.c $A/coverage-tests/aux_lower_bound/loops/assumption_automaton.txt \
    $A/coverage-tests/aux_get_lines_from_cex/multiple_cex/multiple_cex.c $A/coverage-tests/aux_get_lines_from_cex/multiple_cex/tweakedAA.txt \
    $A/cpachecker-three-paths/three_paths.c $A/cpachecker-three-paths/aa_three_paths_else_return_not_covered.spc \
    $A/cpachecker-three-paths/three_paths.c $A/cpachecker-three-paths/aa_three_paths_inner_if_both_blocks.spc \
    $A/fse12-systemc/copy_mem_slave_tlm.2.c $A/fse12-systemc/copy_mem_slave_tlm.2.c.predicate.assumption_automaton \
    $A/fse12-systemc/copy_mem_slave_tlm.2.c $A/fse12-systemc/copy_mem_slave_tlm.2.c.predicate.assumption_automaton.swapped \
    $A/fse12-drivers64/copy_keyspan_remote.BUG.c $A/fse12-drivers64/copy_keyspan_remote.BUG.c.explicit.assumption_automaton \
    $A/fse12-drivers64/copy_keyspan_remote.BUG.c $A/fse12-drivers64/copy_keyspan_remote.BUG.c.explicit.assumption_automaton.swapped
  for p in $(cd "$C" && ls cmc2011/*/*.c); do set -- "$@" "$p" depth:8; done
fi
if [ $(($# % 2)) != 0 ]; then
  echo "usage: $0 [PROGRAM AA]..." >&2
  exit 2
fi
printf '%-58s %7s %7s %8s %7s %8s\n' automaton traces replayed failed report replay
tt=0 tr=0 tf=0 n=0
while [ $# -ge 2 ]; do
  n=$((n + 1))
  P=$(at "$1")
  case $2 in
    depth:*) AA=$T/depth${2#depth:}.txt; depth_aa "${2#depth:}" "$AA"; name="$(basename "$1") $2" ;;
    *) AA=$(at "$2"); name=$(basename "$AA") ;;
  esac
  shift 2
  s=$(date +%s%N)
  "$EREP" report "$P" "$AA" --time-limit "$LIMIT" ${EREP_BENCH_ARGS:-} -o "$T/r$n.json" > "$T/report$n.out" 2>&1
  rc=$?
  e=$(date +%s%N)
  rs=$(awk -v n=$((e - s)) 'BEGIN{printf "%.1fs", n/1e9}')
  if [ $rc != 0 ] || [ ! -s "$T/r$n.json" ]; then
    printf '%-58s %7s %7s %8s %7s %8s  erep report: exit %s, %s\n' "$name" - - - "$rs" - "$rc" \
      "$(tail -1 "$T/report$n.out")"
    continue
  fi
  s=$(date +%s%N)
  sh "$HERE/../tests/replay.sh" "$P" "$T/r$n.json" > "$T/replay$n.out" 2>&1
  e=$(date +%s%N)
  ps=$(awk -v n=$((e - s)) 'BEGIN{printf "%.1fs", n/1e9}')
  sum=$(grep '^replay: [0-9]* traces' "$T/replay$n.out")
  if [ -z "$sum" ]; then
    printf '%-58s %7s %7s %8s %7s %8s  replay: %s\n' "$name" - - - "$rs" "$ps" \
      "$(grep -v '^note' "$T/replay$n.out" | head -1)"
    continue
  fi
  set -- $(echo "$sum" | sed 's/^replay: \([0-9]*\) traces, \([0-9]*\) replayed, \([0-9]*\) failed/\1 \2 \3/') "$@"
  printf '%-58s %7s %7s %8s %7s %8s\n' "$name" "$1" "$2" "$3" "$rs" "$ps"
  tt=$((tt + $1)) tr=$((tr + $2)) tf=$((tf + $3))
  shift 3
  grep -E '^[A-Z][0-9]+: (MISSING|LEFT)' "$T/replay$n.out" | head -5 | sed 's/^/    /'
done
printf '%-58s %7s %7s %8s\n' total "$tt" "$tr" "$tf"
grep -h '^note: the report is for ILP32' "$T"/replay*.out 2>/dev/null | head -1
