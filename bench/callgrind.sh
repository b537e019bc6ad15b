#!/bin/bash
# Instruction counts (valgrind's callgrind, deterministic unlike seconds)
# of `erep report` on the fse12 corpus pairs, for two builds side by side:
# the ratio NEW/OLD per report. Issue #24's bar: within 3 %.
# usage: bench/callgrind.sh OLD_EREP NEW_EREP   (env: ANALYSIS=explicit,
#        ONLY=PATTERN: the pairs whose program matches)
OLD=$1; NEW=$2
[ -x "$OLD" ] && [ -x "$NEW" ] || { echo "usage: $0 OLD_EREP NEW_EREP" >&2; exit 2; }
HERE=$(cd "$(dirname "$0")" && pwd)
C=${EREP_CORPUS:-$HERE/../../shared/corpus}
[ -f "$C/INDEX.md" ] || { echo "corpus not found"; exit 0; }
command -v valgrind >/dev/null || { echo "valgrind not found"; exit 0; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
# instructions of one run: callgrind's summary line
ir() {
  EREP_SOLVER_TIMEOUT_MS=${EREP_SOLVER_TIMEOUT_MS:-600000} valgrind --tool=callgrind --callgrind-out-file="$T/cg.out" "$@" \
    >/dev/null 2>"$T/cg.err"
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$T/cg.err"
}
# the same report from both? (under valgrind a solver check takes ~50x
# its time and would reach the 10 s bound a native run never meets, which
# changes the run: the checks get EREP_SOLVER_TIMEOUT_MS, 600 s here, and
# a line whose reports differ says so: its counts are not comparable)
same() {
  python3 - "$1" "$2" <<'PY'
import json, sys
def strip(o):
    if isinstance(o, dict):
        return {k: strip(v) for k, v in o.items()
                if k not in ("wall_seconds", "first_trace_seconds", "memory_limit_mb")}
    if isinstance(o, list): return [strip(x) for x in o]
    return o
try:
    a, b = (strip(json.load(open(p))) for p in sys.argv[1:3])
except Exception:
    print("no report"); sys.exit()
print("same report" if a == b else "REPORTS DIFFER (timeouts under valgrind?)")
PY
}
printf '%-46s %15s %15s %8s\n' report old-Ir new-Ir new/old
for pair in \
  "fse12-systemc/copy_mem_slave_tlm.2.c fse12-systemc/copy_mem_slave_tlm.2.c.predicate.assumption_automaton" \
  "fse12-drivers64/copy_keyspan_remote.BUG.c fse12-drivers64/copy_keyspan_remote.BUG.c.explicit.assumption_automaton"; do
  set -- $pair
  echo "$1" | grep -q -- "${ONLY:-.}" || continue
  o=$(ir "$OLD" report "$C/aa/$1" "$C/aa/$2" --analysis "${ANALYSIS:-explicit}" -o "$T/o.json")
  n=$(ir "$NEW" report "$C/aa/$1" "$C/aa/$2" --analysis "${ANALYSIS:-explicit}" -o "$T/n.json")
  printf '%-46s %15s %15s %7.4fx  %s\n' "$(basename "$1")" "$o" "$n" \
    "$(echo "$n/$o" | bc -l)" "$(same "$T/o.json" "$T/n.json")"
done
