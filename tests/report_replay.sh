# Every feasible trace of the samples' reports replays: the program, fed the
# recorded inputs by erep's harness, executes every line of the trace
# (checked with gcov by tests/replay.sh).
. "$(dirname "$0")/lib.sh"
D=${EREP_SRCDIR:-.}
command -v gcov >/dev/null || { echo "skipped: gcov not found"; exit 77; }
for s in loop ifelse call infeasible union; do
  $EREP report "$D/samples/$s.c" "$D/samples/$s.aa.txt" -o "$TMP/$s.json" > /dev/null || { fail "report $s"; continue; }
  EREP=$EREP sh "$D/tests/replay.sh" "$D/samples/$s.c" "$TMP/$s.json" > "$TMP/replay.out" 2>&1 \
    && ok "$s: $(tail -1 "$TMP/replay.out")" || { fail "$s does not replay"; cat "$TMP/replay.out"; }
done
# union: the frontier trace reads through a pointer that may point into a
# union; it is feasible (the pointer misses it) and replays above
python3 -c 'import json, sys
t = json.load(open(sys.argv[1]))["components"]["frontier"]["traces"]
sys.exit(not (t and t[0]["id"] == "F1" and t[0]["feasibility"] == "feasible"))' \
  "$TMP/union.json" && ok "union: F1 feasible" || fail "union: F1 not feasible"
finish
