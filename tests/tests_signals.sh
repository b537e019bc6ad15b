#!/bin/sh
# erep tests stopped by a signal (lib/sigwatch.h, as every command): a
# SIGTERM that arrives while the suite is being written (sent under gdb,
# at outdir_begin, so the moment is exact) leaves DIR as it was (missing,
# or the old suite with --force), no staging directory, says so, and erep
# ends by the signal (143); one that arrives before (reading the report)
# ends erep at once, saying so.
. "$(dirname "$0")/lib.sh"
SRC=${EREP_SRCDIR:-.}
command -v gdb > /dev/null || { echo "skipped: gdb not found"; exit 77; }
EREP=$(cd "$(dirname "$EREP")" && pwd)/$(basename "$EREP")
# gdb may be there and still not allowed to trace (a container's ptrace),
# or built without Python (which sends the signal)
gdb -q -batch -ex 'python print("py" + "thon")' 2>&1 | grep -qx python &&
  gdb -q -batch -ex run --args "$EREP" --help 2>&1 | grep -q 'exited normally' ||
  { echo "skipped: gdb cannot run erep here, or has no Python"; exit 77; }
cp "$SRC"/tests/data/replay/demo.c "$SRC"/tests/data/replay/demo.json "$TMP"/
chmod u+w "$TMP"/*
cd "$TMP" || exit 99
# term AT ARGS...: erep tests ARGS under gdb, SIGTERM on entering function
# AT; the signal that ended erep in $TMP/rc, its stdout and stderr in
# $TMP/out, err
# gdb itself sometimes loses the thread that hit the breakpoint ("Cannot
# find user-level thread for LWP", seen under load): such a run says
# nothing about erep and is tried again, up to three times
term() {
  for try in 1 2 3; do
    term_once "$@"
    grep -q "Cannot find user-level thread" "$TMP/gdb" || break
    echo "gdb lost a thread (try $try): again"
  done
}
term_once() {
  at=$1; shift
  gdb -q -batch -ex 'handle SIGTERM nostop noprint pass' \
    -ex "break $at" \
    -ex "run tests $* > '$TMP/out' 2> '$TMP/err'" \
    -ex 'python import os; os.kill(gdb.selected_inferior().pid, 15)' \
    -ex continue \
    -ex 'printf "rc=%d\n", $_exitsignal' "$EREP" > "$TMP/gdb" 2>&1
  sed -n 's/^rc=//p' "$TMP/gdb" > "$TMP/rc"
}
term outdir_begin demo.json -o suite
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
term outdir_begin demo.json -o suite --force
[ "$(cat "$TMP/rc")" = 15 ] && [ -e suite/mark ] &&
  ok "--force, SIGTERM while writing: the old suite stays" ||
  fail "--force: $(cat "$TMP/gdb"); $(ls suite)"
[ -z "$(ls -A | grep '^\.')" ] && ok "...no staging directory" ||
  fail "...left: $(ls -A | grep '^\.')"
# before anything is written (reading the report) it ends erep at once
term rj_read demo.json -o suite2
[ "$(cat "$TMP/rc")" = 15 ] && [ ! -e suite2 ] &&
  ok "SIGTERM while reading the report: erep ends by it, no DIR" ||
  fail "SIGTERM while reading: $(cat "$TMP/gdb"); $(ls)"
# (the signal is taken by sigwatch's own thread: when the command has
# already begun the suite by then, which happens under load, the stop is
# the writing's, with the staging directory removed: nothing written
# either way)
grep -qx -e 'erep tests: SIGTERM before the suite was begun: stopped, nothing written' \
  -e 'erep tests: stopped by a signal; suite2 is unchanged' "$TMP/err" &&
  [ -z "$(ls -A | grep '^\.')" ] &&
  ok "...and says so, nothing left" || fail "...stderr: $(cat "$TMP/err"); $(ls -A)"
finish
