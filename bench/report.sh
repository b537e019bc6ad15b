#!/bin/bash
# Execution reports on the corpus automata: time, traces, solver calls, time
# to the first trace, and two ratios measured in the same run: the report's
# time against the data-free product (erep match) and the normal automaton
# against its `.swapped` twin.
# usage: bench/report.sh [path/to/erep] [corpus] [time limit, default 60]
EREP=${1:-./erep}
C=${2:-$(dirname "$0")/../../shared/corpus}
LIMIT=${3:-60}
[ -f "$C/INDEX.md" ] || { echo "skipped: corpus not found"; exit 0; }
A=$C/aa
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
secs() { awk -v n="$1" 'BEGIN{printf "%.3f", n/1e9}'; }
field() { sed -n "s/^ *\"$1\": \(null\|[0-9.e+-]*\).*/\1/p" "$2" | head -1; }
comp() { # component file -> "N traces, full|partial"
  awk -v c="\"$1\": {" 'index($0, c) {f=1} f && /"full"/ {full=$2} f && /"stopped_by"/ {sb=$2; print full, sb; exit}' "$2" | tr -d ','
}
printf '%-62s %7s %7s %5s %5s %5s %7s %8s %8s %9s\n' automaton limit seconds S F U solver 'first(s)' 'match(s)' ratio
for pair in \
  "coverage-tests/aux_lower_bound/loops/test1.c coverage-tests/aux_lower_bound/loops/assumption_automaton.txt" \
  "fse12-systemc/copy_mem_slave_tlm.2.c fse12-systemc/copy_mem_slave_tlm.2.c.predicate.assumption_automaton" \
  "fse12-systemc/copy_mem_slave_tlm.2.c fse12-systemc/copy_mem_slave_tlm.2.c.predicate.assumption_automaton.swapped" \
  "fse12-drivers64/copy_keyspan_remote.BUG.c fse12-drivers64/copy_keyspan_remote.BUG.c.explicit.assumption_automaton" \
  "fse12-drivers64/copy_keyspan_remote.BUG.c fse12-drivers64/copy_keyspan_remote.BUG.c.explicit.assumption_automaton.swapped"; do
  set -- $pair
  s=$(date +%s%N); "$EREP" match "$A/$1" "$A/$2" > /dev/null; e=$(date +%s%N); tm=$((e - s))
  s=$(date +%s%N); "$EREP" report "$A/$1" "$A/$2" --time-limit "$LIMIT" -o "$T/r.json" > "$T/out" 2> "$T/err"; e=$(date +%s%N); tr=$((e - s))
  nS=$(sed -n 's/^safe cones *\([0-9]*\) trace.*/\1/p' "$T/out"); nF=$(sed -n 's/^frontier *\([0-9]*\) trace.*/\1/p' "$T/out")
  nU=$(grep -c '"feasibility": "unknown"' "$T/r.json")
  printf '%-62s %7s %7s %5s %5s %5s %7s %8s %8s %8sx\n' "$(basename "$2")" "$LIMIT" "$(secs $tr)" \
    "${nS:-0}" "${nF:-0}" "$nU" "$(field solver_calls "$T/r.json")" "$(field first_trace_seconds "$T/r.json" | awk '{ if ($1 == "null") print "-"; else printf "%.3f", $1 }')" \
    "$(secs $tm)" "$(awk -v a=$tr -v b=$tm 'BEGIN{printf "%.1f", b ? a/b : 0}')"
  echo "    safe: $(comp safe "$T/r.json")   frontier: $(comp frontier "$T/r.json")   $(tail -1 "$T/out")"
  echo "    $(grep '^automaton ' "$T/out" || echo "no report: $(head -1 "$T/err")")"
done
