# The command line: help, version, errors, and `erep cfa` on the samples.
. "$(dirname "$0")/lib.sh"
S=${EREP_SRCDIR:-.}/samples
expect 0 $EREP --version
expect 0 $EREP --help
expect 0 $EREP cfa --help
expect 2 $EREP
expect 2 $EREP frobnicate
expect 2 $EREP cfa --no-such-option "$S/loop.c"
expect 2 $EREP cfa
expect 2 $EREP cfa /nonexistent.c
expect 2 $EREP cfa --data-model XY "$S/loop.c"
expect 0 $EREP cfa "$S/loop.c"
expect 0 $EREP cfa --data-model LP64 "$S/loop.c"
$EREP --version | grep -q '^erep [0-9]' || fail "version line"
$EREP cfa --help | grep -q -- '--dot' || fail "cfa --help lists --dot"
# a bad program names file and line
printf 'int main() {\n  int x = ;\n}\n' > "$TMP/bad.c"
$EREP cfa "$TMP/bad.c" 2>"$TMP/err"; rc=$?
[ $rc = 2 ] && grep -q 'bad.c:2:' "$TMP/err" && ok "bad program: file:line" || fail "bad program: rc=$rc $(cat "$TMP/err")"
# summary and edge list
$EREP cfa -v "$S/loop.c" > "$TMP/out" || fail "cfa -v"
grep -q '^functions: 1' "$TMP/out" && grep -q '"x = __VERIFIER_nondet_int();"' "$TMP/out" \
  && ok "summary and edges" || fail "summary: $(head -5 "$TMP/out")"
# control flow a CFA cannot hold is listed as unsupported
F=${EREP_SRCDIR:-.}/tests/data/flow
$EREP cfa "$F/setjmp.c" > "$TMP/out" || fail "cfa setjmp.c"
grep -q '^unsupported constructs: 2' "$TMP/out" && grep -q 'setjmp.c:13: setjmp (' "$TMP/out" \
  && grep -q 'setjmp.c:15: longjmp (' "$TMP/out" && ok "setjmp and longjmp listed" \
  || fail "setjmp/longjmp not listed: $(sed -n '/unsupported/,$p' "$TMP/out")"
# constructs modelled only in part are listed with their lines (a program
# whose union makes traces unknown does not read "0" anywhere); bit-fields
# and unions up to 256 bytes are modelled byte by byte, except the bytes of
# an address or a float read as an integer
P=${EREP_SRCDIR:-.}/tests/data/imprecise/parts.c
$EREP cfa "$P" > "$TMP/out" || fail "cfa parts.c"
# (the string literal of line 10 and the call through fp of line 14 are
# modelled: tests/report_fnptr.sh; float, double and a float's bytes in a
# union are IEEE 754 bits: lines 11, 13, 15 and 20 are not listed)
grep -q '^modelled in part: 5$' "$TMP/out" &&
  ! grep -q 'parts.c:7:' "$TMP/out" && ! grep -q 'parts.c:12:' "$TMP/out" &&
  grep -q 'parts.c:19: member of a union with a pointer member' "$TMP/out" &&
  grep -q 'parts.c:22: variable whose type holds a union larger than 256 bytes' "$TMP/out" &&
  grep -q 'parts.c:23: member of a union larger than 256 bytes' "$TMP/out" &&
  grep -q 'parts.c:16: long double value' "$TMP/out" && ! grep -q 'parts.c:10:' "$TMP/out" &&
  ! grep -q 'parts.c:11:' "$TMP/out" && ! grep -q 'parts.c:13:' "$TMP/out" &&
  ! grep -q 'parts.c:14:' "$TMP/out" && ! grep -q 'parts.c:20:' "$TMP/out" &&
  ok "constructs modelled in part listed" || fail "modelled in part: $(sed -n '/unsupported/,$p' "$TMP/out")"
$EREP cfa "$S/loop.c" | grep -q '^modelled in part: 0$' && ok "loop.c: nothing modelled in part" || fail "loop.c lists constructs"
# DOT through cgraph, readable by graphviz when it is installed
$EREP cfa --dot "$S/loop.c" > "$TMP/cfa.dot" || fail "cfa --dot"
grep -q 'digraph' "$TMP/cfa.dot" || fail "dot output"
if command -v dot >/dev/null; then
  dot -Tsvg "$TMP/cfa.dot" -o "$TMP/cfa.svg" && ok "dot renders" || fail "dot rejects our DOT"
fi
# program text with control characters never reaches the terminal raw
printf 'int main() {\n  char *s = "\033[2J";\n  return 0;\n}\n' > "$TMP/esc.c"
$EREP cfa -v "$TMP/esc.c" | grep -q "$(printf '\033')" && fail "escape sequence printed raw" || ok "control characters escaped"
finish
