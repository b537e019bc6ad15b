# erep cfa --lbe: the CFA's figures before and after large-block encoding,
# the summarised graph as DOT, and main of test_locks kept at six nodes.
. "$(dirname "$0")/lib.sh"
S=${EREP_SRCDIR:-.}/samples
expect 0 $EREP cfa --lbe "$S/loop.c"
expect 0 $EREP cfa --lbe --dot "$S/loop.c"
expect 0 $EREP cfa --lbe -v "$S/call.c"
expect 2 $EREP cfa --lbe /nonexistent.c
$EREP cfa --help | grep -q -- '--lbe' || fail "cfa --help lists --lbe"
# loop.c: main keeps entry, loop head and exit; the loop body is one block
# back to the head
$EREP cfa --lbe "$S/loop.c" > "$TMP/out" || fail "cfa --lbe loop.c"
grep -q '^nodes: 18$' "$TMP/out" && grep -q '^summarised nodes: 4$' "$TMP/out" &&
  grep -q '^summarised edges: 4$' "$TMP/out" &&
  grep -q '^  main: 3 nodes: N0(entry) N1(exit) N8(loop head)$' "$TMP/out" &&
  ok "loop.c summarised" || fail "loop.c: $(cat "$TMP/out")"
$EREP cfa --lbe -v "$S/loop.c" > "$TMP/out" || fail "cfa --lbe -v loop.c"
grep -q '^N8 -> N8  block .*6 edges, lines 7-13$' "$TMP/out" &&
  grep -q '^    N.* -> N.*  assume .*"\[!(x > 1000)\]"$' "$TMP/out" &&
  ok "loop.c: the loop body is one block" || fail "loop.c blocks: $(cat "$TMP/out")"
# the DOT output is valid and shows the blocks
$EREP cfa --lbe --dot "$S/loop.c" > "$TMP/g.dot" || fail "cfa --lbe --dot"
n=$(grep -c 'block: ' "$TMP/g.dot")
[ "$n" = 4 ] && ok "DOT: 4 blocks" || fail "DOT: $n blocks"
if command -v dot > /dev/null; then
  dot -Tsvg "$TMP/g.dot" > /dev/null && ok "DOT renders" || fail "DOT does not render"
fi
# the plain summary is unchanged by the option's existence
$EREP cfa "$S/loop.c" | grep -q '^edges: 19$' && ok "plain summary" || fail "plain summary"
# test_locks: main summarised to entry, loop head, call and return site,
# error and exit whatever the number of locks
if [ -f "$EREP_CORPUS/INDEX.md" ]; then
  for n in 5 10 15; do
    $EREP cfa --lbe "$EREP_CORPUS/cmc2011/locks/test_locks_$n.c" > "$TMP/out" ||
      fail "cfa --lbe test_locks_$n"
    grep -q '^  main: 6 nodes: N2(entry) N3(exit) N[0-9]*(loop head) N[0-9]* N[0-9]* N[0-9]*(error)$' "$TMP/out" &&
      grep -q '^summarised nodes: 9$' "$TMP/out" &&
      ok "test_locks_$n: main has 6 nodes" || fail "test_locks_$n: $(cat "$TMP/out")"
  done
else
  echo "skipped: corpus not found (test_locks part)"
fi
finish
