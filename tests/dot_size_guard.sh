# Views too large to lay out are refused for SVG and PNG (report/dot.h,
# DOT_LAYOUT_MAX_*): exit 2, the size and a smaller way in the message, no
# file; DOT is still written. Graphviz's layout grows about quadratically
# with a trace: 10,000 steps took 4.6 s, 500,000 did not finish in 120 s.
# The trace here has 20,010 steps, a counterexample of `erep verify` on a
# counting loop; the old erep laid it out for half a minute or more.
. "$(dirname "$0")/lib.sh"
cat > "$TMP/count.c" <<'EOC'
extern void reach_error(void);
int main(void) {
  unsigned int i = 0;
  unsigned int s = 0;
  while (i < 5000) {
    s = s + 2;
    i = i + 1;
  }
  if (s == 10000u) reach_error();
  return 0;
}
EOC
$EREP verify "$TMP/count.c" --analysis explicit -o "$TMP/v" > "$TMP/out" 2>&1 &&
  grep -q '^FALSE: .*(20010 steps' "$TMP/out" ||
  { fail "verify: $(cat "$TMP/out")"; finish; }
for T in svg png; do
  timeout 60 $EREP dot "$TMP/v/counterexample.json" --view trace:F1 -T $T \
    -o "$TMP/big.$T" > "$TMP/out" 2> "$TMP/err"; rc=$?
  [ $rc = 2 ] && [ ! -e "$TMP/big.$T" ] &&
    grep -q "the trace:F1 view has 200[0-9][0-9] nodes and 200[0-9][0-9] edges, more than Graphviz lays out" "$TMP/err" &&
    grep -q -- "-T dot" "$TMP/err" &&
    ok "$T of a 20,010-step trace: refused with its size" ||
    fail "$T of a 20,010-step trace: rc=$rc $(cat "$TMP/err")"
done
timeout 60 $EREP dot "$TMP/v/counterexample.json" --view trace:F1 -T dot \
  -o "$TMP/big.dot" > "$TMP/out" 2> "$TMP/err"; rc=$?
[ $rc = 0 ] && grep -q 's20009' "$TMP/big.dot" &&
  ok "dot of a 20,010-step trace: written" ||
  fail "dot of a 20,010-step trace: rc=$rc $(cat "$TMP/err")"
# a PNG taller than cairo draws (32767 pixels a side) is refused with its
# size, where Graphviz scaled it down and said so only on stderr (the old
# erep wrote a PNG at 21 % and exited 0); Graphviz's warnings are errors
sed 's/5000/300/; s/10000u/600u/' "$TMP/count.c" > "$TMP/c300.c"
$EREP verify "$TMP/c300.c" --analysis explicit -o "$TMP/w" > "$TMP/out" 2>&1 ||
  fail "verify c300: $(cat "$TMP/out")"
$EREP dot "$TMP/w/counterexample.json" --view trace:F1 -T png -o "$TMP/tall.png" \
  > "$TMP/out" 2> "$TMP/err"; rc=$?
[ $rc = 2 ] && [ ! -e "$TMP/tall.png" ] && grep -q 'pixels, more than a PNG' "$TMP/err" &&
  grep -q -- '-T svg' "$TMP/err" && ! grep -q 'Scaling by' "$TMP/err" &&
  ok "a PNG too tall to draw: refused with its size" ||
  fail "tall PNG: rc=$rc $(cat "$TMP/err")"
$EREP dot "$TMP/w/counterexample.json" --view trace:F1 -T svg -o "$TMP/tall.svg" \
  > "$TMP/out" 2> "$TMP/err"; rc=$?
[ $rc = 0 ] && [ -s "$TMP/tall.svg" ] && ! grep -qi 'warning\|scaling\|error' "$TMP/err" &&
  ok "...as SVG: drawn, nothing said" || fail "tall SVG: rc=$rc $(cat "$TMP/err")"
finish
