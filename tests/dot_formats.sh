#!/bin/sh
# erep dot -o: the extension picks the format and a name that says no format
# is refused (exit 2, nothing written) unless -T names one: DOT under a .pdf
# name (what erep did) is a file nothing opens. PDF renders through cairo.
. "$(dirname "$0")/lib.sh"
D=${EREP_SRCDIR:-.}
R=$TMP/r.json
$EREP report "$D/samples/ifelse.c" "$D/samples/ifelse.aa.txt" -o "$R" > /dev/null ||
  { fail "report on ifelse"; finish; }
$EREP dot "$R" --view cfa -o "$TMP/x.pdf" 2> "$TMP/err" && [ "$(head -c 5 "$TMP/x.pdf")" = "%PDF-" ] &&
  ok "-o x.pdf writes PDF" || fail "-o x.pdf: $(head -c 20 "$TMP/x.pdf") $(cat "$TMP/err")"
$EREP dot "$R" --view cfa -T pdf > "$TMP/y" && [ "$(head -c 5 "$TMP/y")" = "%PDF-" ] &&
  ok "-T pdf to a pipe" || fail "-T pdf"
for n in x.jpg x.pdf.txt x noext.d/x; do
  mkdir -p "$TMP/noext.d"
  $EREP dot "$R" -o "$TMP/$n" 2> "$TMP/err"; rc=$?
  if [ $rc = 2 ] && [ ! -e "$TMP/$n" ] && grep -q "name one with -T" "$TMP/err"; then
    ok "-o $n: refused, nothing written"
  else
    fail "-o $n: exit $rc, $(cat "$TMP/err")"
  fi
done
$EREP dot "$R" -T svg -o "$TMP/x.jpg" && grep -q '</svg>' "$TMP/x.jpg" &&
  ok "-T svg -o x.jpg: -T decides" || fail "-T svg -o x.jpg"
for e in dot gv; do
  $EREP dot "$R" -o "$TMP/y.$e" && head -1 "$TMP/y.$e" | grep -q '^digraph' &&
    ok "-o y.$e: DOT" || fail "-o y.$e"
done
finish
