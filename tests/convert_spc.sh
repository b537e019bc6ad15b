#!/bin/sh
# erep convert takes .spc (CPAchecker's own extension for automaton text)
# as input and as output, like .txt.
. "$(dirname "$0")/lib.sh"
D=${EREP_SRCDIR:-.}
cp "$D/samples/loop.aa.txt" "$TMP/loop.spc"
$EREP convert "$TMP/loop.spc" -o "$TMP/loop.graphml" && ok ".spc in, .graphml out" || fail ".spc -> .graphml"
$EREP convert "$TMP/loop.graphml" -o "$TMP/back.spc" && ok ".graphml in, .spc out" || fail ".graphml -> .spc"
$EREP convert "$TMP/loop.graphml" -o "$TMP/back.txt" && cmp -s "$TMP/back.spc" "$TMP/back.txt" &&
  ok ".spc out is the text .txt gets" || fail ".spc and .txt outputs differ"
$EREP convert "$TMP/back.spc" -o "$TMP/again.SPC" && cmp -s "$TMP/back.spc" "$TMP/again.SPC" &&
  ok ".spc -> .SPC: the same text" || fail ".spc -> .SPC"
$EREP report "$D/samples/loop.c" "$TMP/back.spc" -o "$TMP/r.json" > /dev/null &&
  ok "report reads a .spc automaton" || fail "report on a .spc automaton"
$EREP convert "$TMP/loop.spc" -o "$TMP/x.spec" 2> "$TMP/err"; rc=$?
[ $rc = 2 ] && grep -q '\.spc' "$TMP/err" && ok "-o x.spec: refused, the message names .spc" ||
  fail "-o x.spec: exit $rc $(cat "$TMP/err")"
finish
