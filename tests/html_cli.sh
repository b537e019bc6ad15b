#!/bin/sh
# erep html (issue #26): one self-contained page of a report. No external
# script, style, font or link; the report's data in one JSON block where
# no program text can end the block; the traces' pictures as inline SVG;
# the page's script run against a small DOM of its own with node
# (tests/html_dom.js; skipped without node): traces, steps with values
# and inputs, the source marked, keyboard and search. Bad input: exit 2
# and no file; an existing page survives a failed run.
. "$(dirname "$0")/lib.sh"
SRC=$(cd "${EREP_SRCDIR:-.}" && pwd)
EREP=$(cd "$(dirname "$EREP")" && pwd)/$(basename "$EREP")
$EREP verify "$SRC/tests/data/verify/bug.c" -o "$TMP/v" > "$TMP/out" 2>&1 ||
  { fail "verify bug.c: $(cat "$TMP/out")"; finish; }
$EREP html "$TMP/v/counterexample.json" -o "$TMP/cex.html" > "$TMP/out" 2>&1 &&
  [ -s "$TMP/cex.html" ] && ok "html of a counterexample" ||
  fail "html: $(cat "$TMP/out")"
P=$TMP/cex.html
# (SVG's xmlns URIs name namespaces; nothing fetches them)
sed 's/xmlns\(:[a-z]*\)\{0,1\}="[^"]*"//g' "$P" |
  grep -qi '<script[^>]*src=\|<link\|@import\|url(\|https\?://\|xlink:href="[^#]' &&
  fail "the page refers to something outside it" || ok "nothing from outside the page"
[ "$(grep -c '<script' "$P")" = 2 ] && ok "two scripts: the data and the app" ||
  fail "scripts: $(grep -c '<script' "$P")"
grep -q '<template id="pic-F1"><svg' "$P" && ok "the trace's picture inline" ||
  fail "no inline picture"
# a hostile program: its text must not end the data block or make markup
mkdir "$TMP/h"
cat > "$TMP/h/evil.c" <<'EOF'
/* </script><script>alert(1)</script><!--<script> */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  char *s = "</script><img src=x onerror=alert(2)>";
  int x = __VERIFIER_nondet_int();
  if (x == 3 && s[0] == '<')
    reach_error();
  return 0;
}
EOF
$EREP verify "$TMP/h/evil.c" -o "$TMP/h/v" > "$TMP/out" 2>&1 ||
  fail "verify evil.c: $(cat "$TMP/out")"
$EREP html "$TMP/h/v/counterexample.json" -o "$TMP/evil.html" > "$TMP/out" 2>&1 ||
  fail "html evil: $(cat "$TMP/out")"
grep -q 'alert(1)</script>\|<img src=x\|<!--<script' "$TMP/evil.html" &&
  fail "program text reached the page as markup" ||
  ok "a program's </script>, <!-- and <img> stay inside the data"
# the page's script, run
if command -v node > /dev/null; then
  echo '{"traces":1,"steps":18,"values":["x=42","a=42","g=1","r=40"],"inputs":["input 0 = 42"],"lines":18,"picture":true}' > "$TMP/want.json"
  node "$SRC/tests/html_dom.js" "$P" "$TMP/want.json" > "$TMP/node.out" 2>&1 &&
    grep -q '^ok' "$TMP/node.out" && ok "$(sed 's/^ok: //' "$TMP/node.out")" ||
    fail "the page's script: $(cat "$TMP/node.out")"
  steps=$(jq '.components.frontier.traces[0].steps | length' "$TMP/h/v/counterexample.json" 2> /dev/null)
  echo "{\"traces\":1,\"steps\":${steps:-0},\"lines\":10,\"text\":\"</script><img src=x onerror=alert(2)>\"}" > "$TMP/want2.json"
  node "$SRC/tests/html_dom.js" "$TMP/evil.html" "$TMP/want2.json" > "$TMP/node.out" 2>&1 &&
    ok "evil.c's page: its text shown as text" || fail "evil page: $(cat "$TMP/node.out")"
else
  echo "skipped: node not found (the page's script)"
fi
# an erep report with coverage: every component, source coloured
cp "$SRC"/samples/loop.c "$SRC"/samples/loop.aa.txt "$TMP"/
chmod u+w "$TMP"/loop.*
(cd "$TMP" && $EREP report loop.c loop.aa.txt -o r.json > /dev/null 2>&1 &&
  $EREP html r.json -o r.html > "$TMP/out" 2>&1) &&
  grep -q '"coverage"' "$TMP/r.html" && ok "a report with coverage" ||
  fail "loop.c: $(cat "$TMP/out")"
# bad input: exit 2, no file; a failed run keeps an existing page
echo '{' > "$TMP/bad.json"
expect 2 $EREP html "$TMP/bad.json" -o "$TMP/bad.html"
[ ! -e "$TMP/bad.html" ] && ok "no page for a bad report" || fail "a page was left"
cp "$P" "$TMP/keep.html"
$EREP html "$TMP/bad.json" -o "$TMP/keep.html" 2> /dev/null
cmp -s "$P" "$TMP/keep.html" && ok "a failed run keeps the existing page" ||
  fail "the existing page changed"
expect 2 $EREP html "$TMP/v/counterexample.json"
expect 2 $EREP html "$TMP/v/counterexample.json" -o "$TMP/v/counterexample.json"
finish
