#!/bin/bash
# Reports with the depth:N automata of bench/replay.sh (every N-th condition
# of a path enters __FALSE: a verifier that explored N decisions deep) on
# the cmc2011 programs (locks excepted unless given) and the sv-benchmarks
# systemc, ntdrivers-simplified and ssh-simplified folders. Per program and
# depth: time, whether each component is full (or what stopped it), S, F,
# unknown and solver calls; a count of full, time-limited and other runs.
# usage: bench/depth.sh [EREP] [DEPTHS="10 20 30"] [LIMIT=60] [PROGRAM...]
# EREP_DEPTH_REPLAY=1: also replay every feasible trace (tests/replay.sh,
# gcc) and print how many replayed and failed (slow: a compile per trace).
EREP=${1:-./erep}; shift
DEPTHS=${1:-10 20 30}; shift
LIMIT=${1:-60}; shift
HERE=$(cd "$(dirname "$0")" && pwd)
C=${EREP_CORPUS:-$HERE/../../shared/corpus}
[ -f "$C/INDEX.md" ] || { echo "skipped: corpus not found"; exit 0; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
. "$HERE/lib.sh"
if [ $# = 0 ]; then
  set -- $(ls "$C"/cmc2011/{ntdrivers-simplified,ssh-simplified,systemc}/*.c \
             "$C"/{systemc,ntdrivers-simplified,ssh-simplified}/*.c 2>/dev/null)
fi
printf '%-40s %5s %8s %-10s %-10s %4s %4s %4s %7s' program depth seconds safe frontier S F U solver
[ -n "${EREP_DEPTH_REPLAY:-}" ] && printf ' %8s %6s' replayed failed
echo
full=0; timed=0; other=0; rtot=0; rok=0; rbad=0
for d in $DEPTHS; do
  depth_aa "$d" "$T/d$d.aa"
  for p in "$@"; do
    s=$(date +%s%N)
    "$EREP" report "$p" "$T/d$d.aa" --time-limit "$LIMIT" -o "$T/r.json" > /dev/null 2> "$T/err"
    rc=$?; e=$(date +%s%N)
    if [ $rc != 0 ]; then
      printf '%-40s %5s %8s exit %s: %s\n' "$(basename "$p")" "$d" - "$rc" "$(head -c 60 "$T/err")"
      other=$((other + 1)); continue
    fi
    line=$(python3 - "$T/r.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
def st(k):
    c = r["components"][k]
    return "full" if c["full"] else (c["stopped_by"] or "partial")
print(st("safe"), st("frontier"), len(r["components"]["safe"]["traces"]),
      len(r["components"]["frontier"]["traces"]), len(r["unknown"]), r["stats"]["solver_calls"])
PY
)
    read -r sa fr nS nF nU sc <<< "$line"
    printf '%-40s %5s %8.2f %-10s %-10s %4s %4s %4s %7s' "$(basename "$p")" "$d" \
      "$(echo "($e - $s)/1000000000" | bc -l)" "$sa" "$fr" "$nS" "$nF" "$nU" "$sc"
    if [ -n "${EREP_DEPTH_REPLAY:-}" ]; then
      sum=$(sh "$HERE/../tests/replay.sh" "$p" "$T/r.json" 2>&1 | grep '^replay: [0-9]* traces')
      read -r rt rr rf <<< "$(echo "$sum" | sed 's/^replay: \([0-9]*\) traces, \([0-9]*\) replayed, \([0-9]*\) failed/\1 \2 \3/')"
      if [ -n "$rt" ]; then
        printf ' %8s %6s' "$rr/$rt" "$rf"
        rtot=$((rtot + rt)) rok=$((rok + rr)) rbad=$((rbad + rf))
      else
        printf ' %8s %6s' - "error"; rbad=$((rbad + 1))
      fi
    fi
    echo
    if [ "$sa" = full ] && [ "$fr" = full ]; then full=$((full + 1))
    elif [ "$sa" = time ] || [ "$fr" = time ]; then timed=$((timed + 1))
    else other=$((other + 1)); fi
  done
done
echo "runs: $full full, $timed stopped by the time limit ($LIMIT s), $other other"
[ -n "${EREP_DEPTH_REPLAY:-}" ] && echo "replay: $rtot traces, $rok replayed, $rbad failed"
