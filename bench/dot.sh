#!/bin/bash
# erep dot on the corpus reports (the fse12 pairs of bench/report.sh): each
# view (aa, cfa, every trace) is drawn twice as DOT (same bytes?), then
# rendered by `dot -Tsvg` and by `erep dot -T svg` (twice: same bytes?),
# each render within a time limit. Times are wall seconds with the CPU
# seconds (user + system) in parentheses: the machine may be shared. At the
# end, `erep dot --view cfa` on the drivers report against its goal (1 s).
# usage: bench/dot.sh [path/to/erep] [corpus] [render limit in s, default 120]
EREP=${1:-./erep}
C=${2:-$(dirname "$0")/../../shared/corpus}
LIMIT=${3:-120}
[ -f "$C/INDEX.md" ] || { echo "skipped: corpus not found"; exit 0; }
command -v dot > /dev/null || { echo "skipped: Graphviz's dot not found"; exit 0; }
A=$C/aa
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
TIMEFORMAT='%R %U %S'
# run OUT CMD...: CMD's stdout to OUT; sets $wall, $cpu ("0.12 (0.10)") and $rc
run() {
  out=$1; shift
  { time "$@" > "$out" 2> "$T/err"; } 2> "$T/time"
  rc=$?
  [ $rc = 0 ] && [ -s "$T/err" ] && grep -q -i 'error' "$T/err" && rc=1
  read -r w u s < "$T/time"
  wall=$w; cpu=$(awk -v u="$u" -v s="$s" 'BEGIN{printf "%.2f", u + s}')
}
fails=0
printf '%-62s %-10s %15s %5s %16s %16s %5s %7s\n' report view 'erep dot' same 'dot -Tsvg' 'erep -T svg' same 'DOT KB'
for pair in \
  "fse12-systemc/copy_mem_slave_tlm.2.c fse12-systemc/copy_mem_slave_tlm.2.c.predicate.assumption_automaton" \
  "fse12-systemc/copy_mem_slave_tlm.2.c fse12-systemc/copy_mem_slave_tlm.2.c.predicate.assumption_automaton.swapped" \
  "fse12-drivers64/copy_keyspan_remote.BUG.c fse12-drivers64/copy_keyspan_remote.BUG.c.explicit.assumption_automaton" \
  "fse12-drivers64/copy_keyspan_remote.BUG.c fse12-drivers64/copy_keyspan_remote.BUG.c.explicit.assumption_automaton.swapped"; do
  set -- $pair
  name=$(basename "$2")
  R=$T/r.json
  if ! "$EREP" report "$A/$1" "$A/$2" --time-limit 60 -o "$R" > "$T/out" 2> "$T/err"; then
    echo "$name: no report: $(head -1 "$T/err")"; fails=$((fails + 1)); continue
  fi
  views="aa cfa $(awk '/^  [SFU][0-9]+ / {printf "trace:%s ", $1}' "$T/out")"
  for v in $views; do
    run "$T/a.dot" "$EREP" dot "$R" --view "$v"
    if [ $rc != 0 ]; then
      printf '%-62s %-10s FAILED: %s\n' "$name" "$v" "$(head -1 "$T/err")"; fails=$((fails + 1)); continue
    fi
    t_erep="$wall ($cpu)"
    case "$v $2" in "cfa fse12-drivers64/"*.explicit.assumption_automaton) cfa_wall=$wall cfa_cpu=$cpu ;; esac
    "$EREP" dot "$R" --view "$v" > "$T/b.dot" 2> /dev/null
    cmp -s "$T/a.dot" "$T/b.dot" && same=yes || { same=NO; fails=$((fails + 1)); }
    run "$T/a.svg" timeout "$LIMIT" dot -Tsvg "$T/a.dot"
    if [ $rc = 0 ]; then t_dot="$wall ($cpu)"
    elif [ $rc = 124 ]; then t_dot=">$LIMIT s"
    else t_dot=FAILED; fails=$((fails + 1)); fi
    t_svg=- same_svg=-
    if [ $rc = 0 ]; then # erep lays out as dot does: only when dot finished
      run "$T/e.svg" timeout "$LIMIT" "$EREP" dot "$R" --view "$v" -T svg
      if [ $rc = 0 ]; then
        t_svg="$wall ($cpu)"
        timeout "$LIMIT" "$EREP" dot "$R" --view "$v" -T svg > "$T/f.svg" 2> /dev/null
        cmp -s "$T/e.svg" "$T/f.svg" && same_svg=yes || { same_svg=NO; fails=$((fails + 1)); }
      elif [ $rc = 124 ]; then t_svg=">$LIMIT s"
      else t_svg=FAILED; fails=$((fails + 1)); fi
    fi
    printf '%-62s %-10s %15s %5s %16s %16s %5s %7s\n' "$name" "$v" "$t_erep" "$same" "$t_dot" "$t_svg" "$same_svg" \
      "$(($(wc -c < "$T/a.dot") / 1024))"
  done
done
if [ -n "$cfa_wall" ]; then
  ok=$(awk -v w="$cfa_wall" -v c="$cfa_cpu" 'BEGIN{print (w <= 1) ? "met" : (c <= 1) ? "met in CPU time only (machine busy?)" : "NOT met"}')
  echo "erep dot --view cfa on the drivers report: $cfa_wall s wall, $cfa_cpu s CPU (goal <= 1 s): $ok"
fi
[ $fails = 0 ] || { echo "$fails problem(s)"; exit 1; }
