#!/bin/sh
# erep html (issue #26): the page of every sample's report, and of a
# counterexample, is valid HTML by Debian's validator (tidy, HTML5): no
# error and no warning. The traces' pictures are inline SVG whose size is
# in CSS pixels and whose tooltips are <title> elements (report/html.c).
. "$(dirname "$0")/lib.sh"
SRC=$(cd "${EREP_SRCDIR:-.}" && pwd)
command -v tidy > /dev/null || { echo "skipped: tidy not found (apt-get install tidy)"; exit 77; }
valid() { # NAME PAGE
  if tidy -q -e "$2" > "$TMP/tidy" 2>&1; then
    ok "$1: valid HTML ($(wc -c < "$2") bytes)"
  else
    fail "$1: tidy says:"; sed 's/^/  | /' "$TMP/tidy" | head -20
  fi
}
for s in "$SRC"/samples/*.aa.txt; do
  b=$(basename "$s" .aa.txt)
  "$EREP" report "$SRC/samples/$b.c" "$s" -o "$TMP/$b.json" > "$TMP/out" 2>&1 ||
    { fail "report $b: $(tail -2 "$TMP/out")"; continue; }
  "$EREP" html "$TMP/$b.json" -o "$TMP/$b.html" > "$TMP/out" 2>&1 ||
    { fail "html $b: $(tail -2 "$TMP/out")"; continue; }
  grep -q '<template id="pic-[A-Z0-9]*"><svg' "$TMP/$b.html" ||
    fail "$b: no picture in the page"
  valid "$b" "$TMP/$b.html"
done
"$EREP" verify "$SRC/tests/data/verify/bug.c" -o "$TMP/v" > "$TMP/out" 2>&1 &&
  "$EREP" html "$TMP/v/counterexample.json" -o "$TMP/cex.html" > "$TMP/out" 2>&1 &&
  valid "a counterexample" "$TMP/cex.html" || fail "verify and html of bug.c: $(tail -2 "$TMP/out")"
# what the validator found before the pictures were made HTML's: a size in
# points on <svg> and Graphviz's xlink:title tooltips
grep -q '<svg[^>]*width="[0-9.]*pt"' "$TMP"/*.html && fail "a picture's size in points" ||
  ok "pictures sized in pixels"
grep -q 'xlink:title' "$TMP"/*.html && fail "xlink:title in a page" ||
  ok "tooltips as <title> elements"
finish
