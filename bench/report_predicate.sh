#!/bin/sh
# erep report --analysis predicate against the explicit analysis (issue
# #13): test_locks_N (cmc2011/locks) with the depth:30 automaton of
# bench/replay.sh, and the fse12-systemc automaton. Per run: seconds,
# whether each component is full (or what stopped it), S, F, unknown,
# states and solver calls; then the explicit/predicate time ratio measured
# in the same run. Every predicate trace is replayed (tests/replay.sh).
#
# usage: bench/report_predicate.sh   (env: EREP=./erep, EREP_CORPUS,
#        EREP_BENCH_LIMIT=60, LOCKS="10 11 12 13 14 15", DEPTH=30)
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
bench_setup
LOCKS=${LOCKS:-10 11 12 13 14 15}
DEPTH=${DEPTH:-30}
depth_aa "$DEPTH" "$T/depth.aa"
SC=aa/fse12-systemc/copy_mem_slave_tlm.2.c
run() { # NAME ANALYSIS PROGRAM AA -> one line; sets SEC
  s=$(date +%s%N)
  "$EREP" report "$3" "$4" --analysis "$2" --time-limit "$LIMIT" -o "$T/$2.json" > /dev/null 2>&1
  rc=$?; e=$(date +%s%N)
  SEC=$(awk -v n=$((e - s)) 'BEGIN{printf "%.2f", n/1e9}'); echo "$SEC" > "$T/sec"
  if [ $rc != 0 ]; then printf '%-26s %-9s %7s exit %s\n' "$1" "$2" "$SEC" "$rc"; return; fi
  python3 - "$T/$2.json" "$1" "$2" "$SEC" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
def st(k):
    c = r["components"][k]
    return "full" if c["full"] else (c["stopped_by"] or "partial")
s = r["stats"]
print("%-26s %-9s %7s %-8s %-8s %4d %4d %4d %9d %7d" % (sys.argv[2], sys.argv[3], sys.argv[4],
      st("safe"), st("frontier"), len(r["components"]["safe"]["traces"]),
      len(r["components"]["frontier"]["traces"]), len(r["unknown"]), s["states"], s["solver_calls"]))
PY
}
printf '%-26s %-9s %7s %-8s %-8s %4s %4s %4s %9s %7s %7s %9s\n' run analysis seconds safe frontier S F U states solver ratio replayed
pair() { # NAME PROGRAM AA
  run "$1" explicit "$2" "$3"; es=$(cat "$T/sec")
  line=$(run "$1" predicate "$2" "$3"); ps=$(cat "$T/sec")
  rp=$(sh "$HERE/../tests/replay.sh" "$2" "$T/predicate.json" 2>&1 | sed -n 's/^replay: \([0-9]*\) traces, \([0-9]*\) replayed.*/\2\/\1/p')
  printf '%s %7s %9s\n' "$line" "$(awk -v a="$es" -v b="$ps" 'BEGIN{ if (b > 0) printf "%.1fx", a/b; else print "-" }')" "${rp:--}"
}
for n in $LOCKS; do
  pair "test_locks_$n depth:$DEPTH" "$C/cmc2011/locks/test_locks_$n.c" "$T/depth.aa"
done
pair "fse12-systemc" "$C/$SC" "$C/$SC.predicate.assumption_automaton"
echo "ratio: explicit seconds / predicate seconds in this run (limit ${LIMIT} s)"
