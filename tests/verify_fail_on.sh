#!/bin/sh
# erep verify's exit status: 0 for every verdict by default (the verdict is
# the first line of stdout); --fail-on false|unknown (a comma list) makes a
# FALSE exit 4 and an UNKNOWN exit 5, for a CI job; --help and the README
# say so.
. "$(dirname "$0")/lib.sh"
D=${EREP_SRCDIR:-.}
V=$D/tests/data/verify
# run WANT-STATUS WANT-VERDICT PROGRAM [options]
run() {
  st=$1; want=$2; shift 2
  $EREP verify "$@" > "$TMP/out" 2> "$TMP/err"; got=$?
  v=$(head -1 "$TMP/out" | cut -d: -f1)
  if [ "$got" = "$st" ] && [ "$v" = "$want" ]; then
    ok "exit $st, $want: $(basename "$1") $(echo "$@" | cut -d' ' -f2-)"
  else
    fail "exit $got ($st wanted), $v ($want wanted): $*: $(cat "$TMP/err")"
  fi
}
run 0 TRUE "$V/safe.c"
run 0 TRUE "$V/safe.c" --fail-on false,unknown
run 0 FALSE "$V/bug.c"
run 4 FALSE "$V/bug.c" --fail-on false
run 4 FALSE "$V/bug.c" --fail-on unknown,false
run 0 FALSE "$V/bug.c" --fail-on unknown
run 0 UNKNOWN "$V/lazy.c" --state-limit 2
run 5 UNKNOWN "$V/lazy.c" --state-limit 2 --fail-on unknown
run 5 UNKNOWN "$V/lazy.c" --state-limit 2 --fail-on false,unknown
run 0 UNKNOWN "$V/lazy.c" --state-limit 2 --fail-on false
# -o DIR is written whatever the exit status
run 4 FALSE "$V/bug.c" --fail-on false -o "$TMP/cex"
[ -f "$TMP/cex/counterexample.json" ] && ok "--fail-on: -o DIR still written" || fail "no $TMP/cex/counterexample.json"
for w in true false, "" false,,unknown; do
  expect 2 $EREP verify "$V/safe.c" --fail-on "$w"
done
$EREP verify --help > "$TMP/help"
grep -q -e '--fail-on false|unknown' "$TMP/help" && grep -q 'Exit status' "$TMP/help" &&
  ok "--help: --fail-on and the exit status" || fail "--help: $(cat "$TMP/help")"
grep -q 'fail-on false. a FALSE exits 4' "$D/README.md" && ok "README: exit status" ||
  fail "README does not document --fail-on's exit status"
finish
