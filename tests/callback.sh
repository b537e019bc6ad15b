#!/bin/sh
# Code handed to a function without a body may be called by it (qsort's
# comparator, atexit, a thread's start routine): the CFA lacks those calls,
# so verify answers UNKNOWN naming the function and the call, and report
# makes the components it reaches partial; gcc shows each program reaching
# reach_error, so TRUE (erep 318d020's answer) was wrong.
. "$(dirname "$0")/lib.sh"
D=${EREP_SRCDIR:-.}/tests/data/callback
check() { # check FILE PATTERN
  $EREP verify "$D/$1" --time-limit 30 > "$TMP/out" 2>&1; rc=$?
  head -1 "$TMP/out" | grep -q "^UNKNOWN: .*$2" &&
    ok "verify $1: UNKNOWN, naming the call" || fail "verify $1: rc=$rc $(head -1 "$TMP/out")"
  # the reference: compiled and run, the program reaches reach_error
  printf 'void reach_error(void) { _Exit(42); }\n#include <stdlib.h>\n' > "$TMP/re.c"
  if ${CC:-gcc} -w -o "$TMP/p" "$D/$1" "$TMP/re.c" -pthread 2>/dev/null; then
    "$TMP/p"; [ $? = 42 ] && ok "$1 reaches reach_error when run" || fail "$1: gcc run does not reach it"
  fi
}
check qsort.c 'qsort (may call back cmp, which it is handed.*) at line 10'
check thread.c 'pthread_create (starts a thread running worker: concurrency is not modelled) at line 7'
check atexit_ptr.c 'atexit (may call back a function pointer'
$EREP verify "$D/own.c" --time-limit 30 > "$TMP/out" 2>&1
head -1 "$TMP/out" | grep -q '^TRUE' && ok "own.c: a callee with a body is modelled (TRUE)" ||
  fail "own.c: $(head -1 "$TMP/out")"
# report: the components the call reaches are partial, said in a warning
$EREP report "$D/qsort.c" "$D/any.aa.txt" -o "$TMP/q.json" > "$TMP/out" 2>&1
grep -q '^frontier .*partial, stopped by unsupported' "$TMP/out" &&
  grep -q 'unsupported-control-flow: the search reached qsort (may call back cmp' "$TMP/out" &&
  ok "report: partial at the call, with a warning" || fail "report: $(cat "$TMP/out")"
finish
