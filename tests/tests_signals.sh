#!/bin/sh
# erep tests stopped by a signal (lib/sigwatch.h, as every command): a
# SIGTERM that arrives while the suite is being written (sent under gdb,
# at outdir_begin, so the moment is exact) leaves DIR as it was (missing,
# or the old suite with --force), no staging directory, says so, and erep
# ends by the signal (143); without a signal the same run writes the suite.
. "$(dirname "$0")/lib.sh"
SRC=${EREP_SRCDIR:-.}
command -v gdb > /dev/null || { echo "skipped: gdb not found"; exit 77; }
EREP=$(cd "$(dirname "$EREP")" && pwd)/$(basename "$EREP")
cp "$SRC"/tests/data/replay/demo.c "$SRC"/tests/data/replay/demo.json "$TMP"/
chmod u+w "$TMP"/*
cd "$TMP" || exit 99
# term ARGS...: erep tests ARGS under gdb, SIGTERM at outdir_begin; the
# exit status of erep in $TMP/rc, its stdout and stderr in $TMP/out, err
term() {
  gdb -q -batch -ex 'handle SIGTERM nostop noprint pass' \
    -ex 'break outdir_begin' \
    -ex "run tests $* > '$TMP/out' 2> '$TMP/err'" \
    -ex 'call (int)kill((int)getpid(), 15)' -ex continue \
    -ex 'printf "rc=%d\n", $_exitsignal' "$EREP" > "$TMP/gdb" 2>&1
  sed -n 's/^rc=//p' "$TMP/gdb" > "$TMP/rc"
}
term demo.json -o suite
[ "$(cat "$TMP/rc")" = 15 ] && ok "SIGTERM while writing: erep ends by it" ||
  fail "SIGTERM while writing: $(cat "$TMP/gdb")"
[ ! -e suite ] && ok "...DIR not made" || fail "...DIR made: $(ls suite)"
[ -z "$(ls -A | grep '^\.')" ] && ok "...no staging directory" ||
  fail "...left: $(ls -A | grep '^\.')"
grep -qx 'erep tests: stopped by a signal; suite is unchanged' "$TMP/err" &&
  ok "...and says so" || fail "...stderr: $(cat "$TMP/err")"
[ ! -s "$TMP/out" ] && ok "...no summary" || fail "...stdout: $(cat "$TMP/out")"
# the old suite stays when --force would have replaced it
$EREP tests demo.json -o suite > /dev/null 2>&1 || fail "erep tests: exit $?"
touch suite/mark
term demo.json -o suite --force
[ "$(cat "$TMP/rc")" = 15 ] && [ -e suite/mark ] &&
  ok "--force, SIGTERM while writing: the old suite stays" ||
  fail "--force: $(cat "$TMP/gdb"); $(ls suite)"
[ -z "$(ls -A | grep '^\.')" ] && ok "...no staging directory" ||
  fail "...left: $(ls -A | grep '^\.')"
finish
