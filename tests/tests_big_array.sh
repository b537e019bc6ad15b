# `erep tests` is linear in the size of an array input (issue #23): the
# text of an array value was rebuilt for each element (20,000 elements
# took 6 s, 40,000 took 37 s). A report with an uninitialised array
# input of 60,000 elements, made by `erep verify` and widened with jq,
# is written in a fraction of a second now; the old erep took a minute.
. "$(dirname "$0")/lib.sh"
command -v jq > /dev/null || { echo "skipped: jq not found (apt-get install jq)"; exit 77; }
cat > "$TMP/ua.c" <<'EOC'
extern void reach_error(void);
int main(void) {
  int a[60000];
  if (a[59999] == 42) reach_error();
  return 0;
}
EOC
$EREP verify "$TMP/ua.c" -o "$TMP/v" > "$TMP/out" 2>&1 ||
  { fail "verify: $(cat "$TMP/out")"; finish; }
awk 'BEGIN { printf "{"; for (i = 0; i < 60000; i++) printf "%s[%d]=%d", i ? "," : "", i, i + 1; printf "}" }' > "$TMP/value"
jq --rawfile v "$TMP/value" '.components.frontier.traces[0].inputs[0].value = $v' \
  "$TMP/v/counterexample.json" > "$TMP/big.json"
timeout 30 $EREP tests "$TMP/big.json" -o "$TMP/t" > "$TMP/out" 2>&1; rc=$?
[ $rc = 0 ] && grep -q '{59999ULL, 0xea60ULL}' "$TMP/t/harness.c" 2>/dev/null &&
  ok "array input of 60,000 elements: written within 30 s" ||
  fail "array input of 60,000 elements: rc=$rc $(cat "$TMP/out")"
finish
