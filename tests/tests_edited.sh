#!/bin/sh
# erep tests on edited reports: every number the generated harness computes
# an address with is validated when the report is read (a JSON-path error,
# exit 2, nothing written), not left to crash the harness: dims with a 0
# (the harness divided by it), huge via offsets (it wrote far away), an
# argument past the call's arity (it read an argument the call never
# passed). The report of tests/data/havoc/calls.c has written inputs.
. "$(dirname "$0")/lib.sh"
D=${EREP_SRCDIR:-.}
command -v jq > /dev/null || { echo "skipped: jq not found"; exit 77; }
{ printf 'OBSERVER AUTOMATON AssumptionAutomaton\n\nINITIAL STATE ARG0;\n\n'
  printf 'STATE __TRUE :\n    TRUE -> GOTO __TRUE;\n\nSTATE __FALSE :\n    TRUE -> GOTO __FALSE;\n\n'
  i=0
  while [ $i -lt 5 ]; do
    n=$((i + 1)); to=ARG$n; [ $n = 5 ] && to=__FALSE
    printf 'STATE USEFIRST ARG%s :\n    MATCH [\\\\[.*] -> GOTO %s;\n    TRUE -> GOTO ARG%s;\n\n' $i $to $i
    i=$n
  done
  printf 'END AUTOMATON\n'; } > "$TMP/d5.txt"
$EREP report "$D/tests/data/havoc/calls.c" "$TMP/d5.txt" -o "$TMP/r.json" > /dev/null || fail "report"
I='.components.frontier.traces[0].inputs'
# the one with dims, and one without
A=$(jq "[$I[] | has(\"written\") and (.written.dims | length > 0)] | index(true)" "$TMP/r.json")
B=$(jq "[$I[] | has(\"written\") and (.written.dims | length == 0)] | index(true)" "$TMP/r.json")
[ "$A" != null ] && [ "$B" != null ] || fail "no written inputs in the report"
$EREP tests "$TMP/r.json" -o "$TMP/good" > /dev/null 2>&1 && ok "the report as made is exported" ||
  fail "the report as made"
n=0
bad() { # bad JQ-EDIT EXPECTED-MESSAGE
  n=$((n + 1))
  jq "$1" "$TMP/r.json" > "$TMP/e$n.json" || { fail "jq $1"; return; }
  $EREP tests "$TMP/e$n.json" -o "$TMP/o$n" > /dev/null 2> "$TMP/err"; rc=$?
  [ $rc = 2 ] && grep -qF -- "$2" "$TMP/err" && [ ! -e "$TMP/o$n" ] &&
    ok "$1: exit 2, $(cut -c1-120 "$TMP/err")" || fail "$1: rc=$rc $(cat "$TMP/err")"
}
bad "$I[$A].written.dims[0][0] = 0" "inputs[$A].written: dims: a count or stride of 0"
bad "$I[$A].written.dims[0][1] = 0" "dims: a count or stride of 0"
bad "$I[$A].written.dims[0][0] = 4000000000" "dims: a count or stride out of range"
bad "$I[$A].written.dims = [[100000,100000],[100000,4]]" "dims: the array spans 2^30 bytes or more"
bad "$I[$A].value = \"{[7]=1}\"" "value: an element index beyond the array of dims"
bad "$I[$B].written.via = [1099511627776]" "inputs[$B].written: via: an offset out of range"
bad "$I[$B].written.via = [-4611686018427387904, 0]" "via: an offset out of range"
bad "$I[$B].written.arg = 3 | $I[$B].written.params = [\"int\", \"int\", \"int\", \"int *\"]" \
  "\$.components.frontier.traces[0].inputs[$B].written.arg: argument 3 (of 4 typed) of a call of"
bad "$I[$B].written.call = 9" "inputs[$B].written.call: the trace has no call 9 of"
# --- unknown traces are no tests unless asked for, and then marked ---
T='.components.frontier.traces[0]'
jq ".unknown += [ $T | .feasibility = \"unknown\" | .reason = \"a test reason\" | .id = \"U1\" ]" "$TMP/r.json" > "$TMP/u0.json"
key=$($EREP tests "$TMP/u0.json" -o "$TMP/never" 2>&1 | sed -n 's/.*its key is "\([^"]*\)".*/\1/p')
jq ".unknown[0].key = \"$key\"" "$TMP/u0.json" > "$TMP/u.json"
$EREP tests "$TMP/u.json" -o "$TMP/fe" > "$TMP/out" 2>&1; rc=$?
[ $rc = 0 ] && ! grep -q '^U1' "$TMP/fe/tests.tsv" && [ ! -e "$TMP/fe/U1.xml" ] &&
  grep -q '1 unknown trace (not proved feasible) left out; --unknown' "$TMP/out" &&
  ok "unknown traces left out by default, and said" || fail "default: rc=$rc $(cat "$TMP/out")"
$EREP tests "$TMP/u.json" -o "$TMP/un" --unknown > "$TMP/out" 2>&1; rc=$?
[ $rc = 0 ] && grep -q '^U1	.*not proved feasible (a test reason)' "$TMP/un/tests.tsv" &&
  ok "--unknown: listed, marked as not proved feasible" || fail "--unknown: rc=$rc $(cat "$TMP/out")"
# --- a program edited after the report: refused like dot and browse ---
cp "$D/tests/data/havoc/calls.c" "$TMP/calls.c"
$EREP report "$TMP/calls.c" "$TMP/d5.txt" -o "$TMP/c.json" > /dev/null || fail "report on the copy"
printf '/* edited */\n' | cat - "$D/tests/data/havoc/calls.c" > "$TMP/calls.c"
$EREP tests "$TMP/c.json" -o "$TMP/ch" > /dev/null 2> "$TMP/err"; rc=$?
[ $rc = 2 ] && [ ! -e "$TMP/ch" ] && grep -q 'has changed since the report was made' "$TMP/err" &&
  grep -q -- '--no-hash-check' "$TMP/err" && ok "changed program: exit 2, nothing written" ||
  fail "changed program: rc=$rc $(cat "$TMP/err")"
$EREP tests "$TMP/c.json" -o "$TMP/ch" --no-hash-check > /dev/null 2> "$TMP/err"; rc=$?
[ $rc = 0 ] && grep -q 'warning: the program .* has changed' "$TMP/err" || fail "--no-hash-check: rc=$rc $(cat "$TMP/err")"
for f in "$TMP/ch"/*; do
  head -60 "$f" | grep -q 'erep: warning: the program .* has changed since the report was made' ||
    fail "--no-hash-check: $(basename "$f") does not say the program changed"
done
[ "$(ls "$TMP/ch" | wc -l)" -ge 7 ] && ok "--no-hash-check: every generated file says so ($(ls "$TMP/ch" | wc -l) files)"
if command -v xmllint > /dev/null; then
  xmllint --noout "$TMP/ch"/*.xml 2> "$TMP/err" && ok "...the XML files stay well-formed" ||
    fail "XML: $(cat "$TMP/err")"
fi
command -v gcov > /dev/null && {
  sh "$TMP/ch/run.sh" > "$TMP/run.out" 2>&1
  grep -q '^run.sh: warning: the program .* has changed' "$TMP/run.out" &&
    ok "...and run.sh says it when it runs" || fail "run.sh: $(head -5 "$TMP/run.out")"
}
# a program that became a directory: said so, not "not found"
rm -f "$TMP/calls.c"; mkdir "$TMP/calls.c"
$EREP tests "$TMP/c.json" -o "$TMP/dirprog" > /dev/null 2> "$TMP/err"
grep -q "calls.c is not a regular file" "$TMP/err" && ok "a program that is a directory: said so" ||
  fail "directory program: $(cat "$TMP/err")"
finish
