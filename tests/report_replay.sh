# Every feasible trace of the samples' reports replays: the program, fed the
# recorded inputs by erep's harness, executes every line of the trace
# (checked with gcov by tests/replay.sh).
. "$(dirname "$0")/lib.sh"
D=${EREP_SRCDIR:-.}
command -v gcov >/dev/null || { echo "skipped: gcov not found"; exit 77; }
for s in loop ifelse call infeasible; do
  $EREP report "$D/samples/$s.c" "$D/samples/$s.aa.txt" -o "$TMP/$s.json" > /dev/null || { fail "report $s"; continue; }
  EREP=$EREP sh "$D/tests/replay.sh" "$D/samples/$s.c" "$TMP/$s.json" > "$TMP/replay.out" 2>&1 \
    && ok "$s: $(tail -1 "$TMP/replay.out")" || { fail "$s does not replay"; cat "$TMP/replay.out"; }
done
finish
