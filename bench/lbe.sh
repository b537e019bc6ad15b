#!/bin/sh
# Large-block encoding on test_locks_5 ... test_locks_15 (cmc2011/locks):
# CFA nodes and edges before and after summarisation (`erep cfa --lbe`),
# the blocks, and the nodes left in main. The LBE paper's ART for these
# programs has 4 nodes: main's summarised CFA must stay that small whatever
# the number of locks (entry, loop head, the call of get_exit_nondet and
# its return site, error, exit), which the last column checks.
# usage: bench/lbe.sh [EREP]   (env: EREP_CORPUS)
EREP=${1:-${EREP:-./erep}}
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
bench_setup
printf '%-16s %6s %6s %8s %8s %7s %10s %6s  %s\n' program nodes edges \
  lbe-nodes lbe-edges blocks in-blocks main main-nodes
bad=0
for n in 5 6 7 8 9 10 11 12 13 14 15; do
  p=$C/cmc2011/locks/test_locks_$n.c
  [ -f "$p" ] || continue
  "$EREP" cfa --lbe "$p" > "$T/out" 2> "$T/err" || {
    echo "test_locks_$n: erep cfa --lbe failed: $(head -c 200 "$T/err")"
    bad=1
    continue
  }
  val() { sed -n "s/^$1: \([0-9]*\).*/\1/p" "$T/out"; }
  blk=$(sed -n 's/^blocks: \([0-9]*\) (holding \([0-9]*\) edges.*/\1 \2/p' "$T/out")
  main=$(sed -n 's/^  main: \([0-9]*\) nodes*: \(.*\)/\1|\2/p' "$T/out")
  printf '%-16s %6s %6s %8s %8s %7s %10s %6s  %s\n' "test_locks_$n" \
    "$(val nodes)" "$(val edges)" "$(val 'summarised nodes')" \
    "$(val 'summarised edges')" "${blk% *}" "${blk#* }" "${main%%|*}" \
    "${main#*|}"
  [ "${main%%|*}" = 6 ] || bad=1
done
[ $bad = 0 ] && echo "main summarised to 6 nodes on every program" ||
  echo "main is NOT summarised to 6 nodes everywhere"
exit $bad
