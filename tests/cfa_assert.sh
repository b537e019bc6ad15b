#!/bin/sh
# glibc's assert() is an error location (issue #23). <assert.h> expands it,
# in GNU mode, to `((void) sizeof ((c) ? 1 : 0), __extension__ ({ if (c) ;
# else __assert_fail (...); }))`, and otherwise to `((c) ? (void) (0) :
# __assert_fail (...))` (written out in c99*.c): a comma with a void operand,
# a statement expression and a conditional of type void are control flow.
# erep cfa counts the error location and nothing unmodelled; erep verify
# says FALSE where the assertion fails and TRUE where it holds.
. "$(dirname "$0")/lib.sh"
D=${EREP_SRCDIR:-.}/tests/data/assert
for p in fail hold c99fail c99hold; do
  $EREP cfa "$D/$p.c" > "$TMP/cfa" 2>&1; rc=$?
  if [ $rc = 0 ] && grep -qx 'error locations: 1' "$TMP/cfa" &&
     grep -qx 'unsupported constructs: 0' "$TMP/cfa"; then
    ok "$p.c: cfa has the assert's error location, nothing unmodelled"
  else
    fail "$p.c: cfa rc=$rc: $(grep -A2 'error locations' "$TMP/cfa")"
  fi
  case $p in *fail) want=FALSE ;; *) want=TRUE ;; esac
  for a in explicit predicate; do
    $EREP verify "$D/$p.c" --analysis $a > "$TMP/v" 2>&1
    got=$(head -1 "$TMP/v" | cut -d: -f1)
    [ "$got" = "$want" ] && ok "$p.c: verify --analysis $a: $want" ||
      fail "$p.c: verify --analysis $a: $(head -1 "$TMP/v") (wanted $want)"
  done
done
# the FALSE verdict's error location is the assert's line
$EREP verify "$D/fail.c" > "$TMP/v" 2>&1
grep -q '^FALSE: the error location at line 6 is reachable' "$TMP/v" &&
  ok "fail.c: the error location is line 6" || fail "fail.c: $(head -1 "$TMP/v")"
finish
