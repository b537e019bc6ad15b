# The time limit of `erep report` covers the whole run after the options
# are read (issue #23): loading and the automaton's fit measurement are in
# it, and a report cut there says which phase the limit cut.
. "$(dirname "$0")/lib.sh"
S=${EREP_SRCDIR:-.}/samples
command -v jq > /dev/null || { echo "skipped: jq not found (apt-get install jq)"; exit 77; }

# a limit that loading alone spends: the report is still written, partial,
# and names the phase (the old erep started the clock at the search)
$EREP report "$S/loop.c" "$S/loop.aa.txt" --time-limit 0.001 \
  -o "$TMP/r.json" > "$TMP/out" 2> "$TMP/err"; rc=$?
[ $rc = 0 ] && grep -q "limit: the time limit was reached while loading the inputs" "$TMP/out" &&
  [ "$(jq -r '.components[].stopped_by' "$TMP/r.json" | sort -u)" = time ] &&
  ok "limit spent by loading: partial report naming the phase" ||
  fail "limit spent by loading: rc=$rc $(cat "$TMP/out" "$TMP/err")"

# samples/loop.c's loop unrolled 33,334 times by an automaton of 200,014
# states (21 MB, made here): 1 s of limit ended the run after 13-15 s
sh "$(dirname "$0")/big_aa.sh" 33334 > "$TMP/big.aa.txt"
timeout 10 $EREP report "$S/loop.c" "$TMP/big.aa.txt" --time-limit 1 \
  -o "$TMP/big.json" > "$TMP/out" 2> "$TMP/err"; rc=$?
[ $rc = 0 ] && [ "$(jq -r '.components.safe.stopped_by' "$TMP/big.json")" = time ] &&
  ok "200k-state automaton: stopped by time within 10 s of a 1 s limit" ||
  fail "200k-state automaton: rc=$rc $(tail -5 "$TMP/out") $(cat "$TMP/err")"
finish
