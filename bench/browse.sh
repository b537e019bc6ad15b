#!/bin/bash
# Time to the first screen of `erep browse` on the fse12-drivers64 report
# (52 traces, 118k steps, a 33 MB report), in a tmux terminal of 80x24:
#  - report: from the start of erep until the first screen that shows the
#    report's header reached the terminal (EREP_BROWSE_EXIT_AFTER_FIRST_PAINT
#    =1 quits right after that refresh and says when it was);
#  - any: until the first screen of any kind (=any: the "reading" screen
#    that a report that takes longer than 0.12 s to read gets first);
#  - poll: the same as `report` seen from outside, polling capture-pane
#    until the header is there (includes tmux's own latency).
# Also the CPU time (all threads) until the report's first screen, which
# depends less on the machine's load than the wall time, and until exit
# (freeing the report included). Median and minimum of RUNS runs.
# usage: bench/browse.sh [path/to/erep] [corpus] [runs, default 5]
EREP=$(realpath "${1:-./erep}")
C=$(realpath "${2:-$(dirname "$0")/../../shared/corpus}" 2> /dev/null)
RUNS=${3:-5}
[ -f "$C/INDEX.md" ] || { echo "skipped: corpus not found"; exit 0; }
command -v tmux > /dev/null || { echo "skipped: tmux not found"; exit 0; }
T=$(mktemp -d)
TM="tmux -L erep-bench-$$ -f /dev/null"
trap '$TM kill-server 2> /dev/null; rm -rf "$T"' EXIT
P=$C/aa/fse12-drivers64/copy_keyspan_remote.BUG.c
"$EREP" report "$P" "$P.explicit.assumption_automaton" -o "$T/r.json" \
  > /dev/null || exit 1
$TM new-session -d -s keep -x 80 -y 24 'sleep 3600'
ms() { awk -v n="$1" 'BEGIN{printf "%.0f", n/1e6}'; }
stats() { # a list of numbers -> "median min"
  sort -n | awk '{v[NR]=$1} END{printf "%s ms (min %s ms)", v[int((NR+1)/2)], v[1]}'
}
# one run in tmux: MODE (1|any) -> wall ms, and CPU ms into $T/cpu
once() {
  rm -f "$T/done"
  $TM new-session -d -s b -x 80 -y 24 "cd '$T' && TIMEFORMAT='%3U %3S' &&
    { time { t0=\$(date +%s%N); EREP_BROWSE_EXIT_AFTER_FIRST_PAINT=$1 \
      '$EREP' browse r.json 2> first.txt; }; } 2> cpu.txt;
    echo \$t0 > start.txt; touch done; sleep 60"
  while [ ! -e "$T/done" ]; do sleep 0.05; done
  $TM kill-session -t b
  awk '{printf "%.0f\n", ($1 + $2) * 1000}' "$T/cpu.txt" >> "$T/cpu-$1"
  f=$(sed -n 's/.*first screen at \([0-9]*\) ns.*/\1/p' "$T/first.txt")
  sed -n 's/.* ns, \([0-9]*\) ms of CPU.*/\1/p' "$T/first.txt" >> "$T/cpufirst-$1"
  [ -n "$f" ] || { echo "no first screen: $(cat "$T/first.txt")" >&2; exit 1; }
  ms $((f - $(cat "$T/start.txt")))
  echo
}
poll() {
  $TM new-session -d -s p -x 80 -y 24 "sleep 0.5; cd '$T' && date +%s%N > start && '$EREP' browse r.json; sleep 60"
  while [ ! -s "$T/start" ]; do sleep 0.01; done
  until $TM capture-pane -p -t p | grep -q '^coverage '; do sleep 0.005; done
  e=$(date +%s%N)
  ms $((e - $(cat "$T/start")))
  echo
  $TM kill-session -t p
  rm -f "$T/start"
}
for i in $(seq "$RUNS"); do once 1; done > "$T/report"
for i in $(seq "$RUNS"); do once any; done > "$T/any"
for i in $(seq "$RUNS"); do poll; done > "$T/poll"
echo "erep browse, first screen on $(basename "$P") ($(du -m "$T/r.json" | cut -f1) MB report), $RUNS runs, load $(cut -d' ' -f1-3 /proc/loadavg):"
echo "  report header shown: $(stats < "$T/report"); CPU until then $(stats < "$T/cpufirst-1"), to exit $(stats < "$T/cpu-1")"
echo "  any first screen:    $(stats < "$T/any")"
echo "  seen by polling:     $(stats < "$T/poll")"
# the floor: jansson's own parse of the same file (no model, no screen)
F=$(dirname "$0")/json_floor
[ -x "$F" ] || make -s -C "$(dirname "$0")/.." bench/json_floor > /dev/null 2>&1
if [ -x "$F" ]; then
  echo "  jansson parse alone: $("$F" "$T/r.json" "$RUNS") (the floor of any reader of this report built on jansson)"
fi
