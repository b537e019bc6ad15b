#!/bin/sh
# erep tests as a tester uses it: for every sample (samples/*.c with its
# samples/*.aa.txt) the report's both components exported, every XML valid
# against the Test-Comp 1.1 DTDs (tests/data/testcomp), and DIR/run.sh
# building and running the suite with every test reaching its end line.
# Then the DIR policy (a non-empty DIR is refused unless --force, which
# replaces it only once the new suite is complete; no staging directory is
# left after a failure; a DIR holding an input is never replaced) and a
# test that cannot be fed (memory malloc made, never written) said so
# everywhere; float inputs are fed.
. "$(dirname "$0")/lib.sh"
SRC=${EREP_SRCDIR:-.}
DTD=$SRC/tests/data/testcomp
command -v xmllint > /dev/null ||
  fail "xmllint not found (apt-get install libxml2-utils): the XML is not validated"
# the DOCTYPEs' public ids resolve to the DTDs shipped here, not the network
XML_CATALOG_FILES=$DTD/catalog.xml
export XML_CATALOG_FILES
valid() { # valid NAME DIR: every XML of the suite in DIR against the DTDs
  command -v xmllint > /dev/null || return 0
  cases=$(ls "$2"/*.xml | grep -v '/metadata\.xml$')
  if xmllint --noout --nonet --dtdvalid "$DTD/test-metadata-1.1.dtd" \
    "$2/metadata.xml" 2> "$TMP/xerr" &&
    { [ -z "$cases" ] || xmllint --noout --nonet --dtdvalid \
      "$DTD/testcase-1.1.dtd" $cases 2>> "$TMP/xerr"; }; then
    ok "$1: metadata.xml and $(echo "$cases" | grep -c .) test case(s) valid (DTD 1.1)"
  else
    fail "$1: XML not valid: $(head -5 "$TMP/xerr")"
  fi
}
runs=yes
for tool in gcc gcov timeout; do
  command -v $tool > /dev/null || { echo "note: $tool not found: run.sh not run"; runs=no; }
done

# --- every sample: export both components, validate, run ---
for c in "$SRC"/samples/*.c; do
  s=$(basename "$c" .c)
  [ -f "$SRC/samples/$s.aa.txt" ] || continue
  $EREP report "$c" "$SRC/samples/$s.aa.txt" -o "$TMP/$s.json" > /dev/null 2>&1 ||
    { fail "$s: erep report"; continue; }
  $EREP tests "$TMP/$s.json" -o "$TMP/$s" --component both > "$TMP/out" 2>&1 ||
    { fail "$s: erep tests: $(cat "$TMP/out")"; continue; }
  valid "$s" "$TMP/$s"
  [ -x "$TMP/$s/run.sh" ] || fail "$s: run.sh is not executable"
  [ $runs = yes ] || continue
  sh "$TMP/$s/run.sh" > "$TMP/run.out" 2>&1; rc=$?
  n=$(grep -c '^[A-Z][A-Za-z0-9_.-]*: ' "$TMP/run.out")
  r=$(grep -c '^[A-Z][A-Za-z0-9_.-]*: reached ' "$TMP/run.out")
  # a trace Z3 did not prove feasible (unknown, U*) is exported as a test
  # that cannot be fed, never counted as reached; every other one reaches
  u=$(grep -c '^U[0-9]*: cannot be fed: the trace was not proved feasible' "$TMP/run.out")
  f=$((n - u))
  if [ "$n" -gt 0 ] && [ "$f" = "$r" ] &&
    { { [ $u = 0 ] && [ $rc = 0 ]; } || { [ $u != 0 ] && [ $rc != 0 ]; }; } &&
    grep -qx "$r of $n tests reached their end line" "$TMP/run.out"; then
    ok "$s: run.sh: $(tail -1 "$TMP/run.out")${u:+ ($u unknown, not fed)}"
  else
    fail "$s: run.sh: rc=$rc, $r of $n reached"
    cat "$TMP/run.out"
  fi
done

# --- --component: frontier by default ---
$EREP tests "$TMP/loop.json" -o "$TMP/deflt" > "$TMP/out" 2>&1
ls "$TMP/deflt" | grep -q '^S[0-9]*\.xml$' && fail "default exported safe traces"
ls "$TMP/deflt" | grep -q '^F[0-9]*\.xml$' && ok "default: the frontier only" ||
  fail "default: no frontier test: $(ls "$TMP/deflt")"
$EREP tests "$TMP/loop.json" -o "$TMP/safe" --component safe > /dev/null 2>&1
[ "$(ls "$TMP/safe" | grep -c '^F[0-9]*\.xml$')" = 0 ] &&
  [ "$(ls "$TMP/safe" | grep -c '^S[0-9]*\.xml$')" -gt 0 ] &&
  ok "--component safe: the safe cones only" || fail "--component safe: $(ls "$TMP/safe")"
expect 2 $EREP tests "$TMP/loop.json" -o "$TMP/never" --component all
[ -e "$TMP/never" ] && fail "a bad --component made a directory"

# --- DIR policy ---
staging() { ls -A "$1" | grep -q '\.erep-'; } # a staging dir left in $1?
mkdir -p "$TMP/p/busy"; echo mine > "$TMP/p/busy/notes.txt"
$EREP tests "$TMP/loop.json" -o "$TMP/p/busy" > /dev/null 2> "$TMP/err"; rc=$?
[ $rc = 2 ] && grep -q 'not empty' "$TMP/err" && grep -q -- '--force' "$TMP/err" &&
  [ "$(ls -A "$TMP/p/busy")" = notes.txt ] && ok "a non-empty DIR: exit 2, left alone" ||
  fail "non-empty DIR: rc=$rc $(cat "$TMP/err"), now $(ls -A "$TMP/p/busy")"
# an earlier suite is no different
expect 2 $EREP tests "$TMP/loop.json" -o "$TMP/loop"
# a bad report with --force: exit 2, the old DIR as it was, no staging left
printf '{"format": "erep-report", "version": 1' > "$TMP/bad.json"
$EREP tests "$TMP/bad.json" -o "$TMP/p/busy" --force > /dev/null 2> "$TMP/err"; rc=$?
[ $rc = 2 ] && [ "$(ls -A "$TMP/p/busy")" = notes.txt ] && ! staging "$TMP/p" &&
  ok "bad report with --force: exit 2, DIR unchanged, no staging directory" ||
  fail "bad report with --force: rc=$rc, DIR $(ls -A "$TMP/p/busy"), parent $(ls -A "$TMP/p")"
# a report whose trace id cannot name a file: refused after reading
sed 's/"id": "F1"/"id": "..\/F1"/' "$TMP/loop.json" > "$TMP/badid.json"
$EREP tests "$TMP/badid.json" -o "$TMP/p/busy" --force > /dev/null 2> "$TMP/err"; rc=$?
[ $rc = 2 ] && grep -q 'is not an id' "$TMP/err" && ! staging "$TMP/p" &&
  [ "$(ls -A "$TMP/p/busy")" = notes.txt ] &&
  ok "bad trace id: exit 2, nothing written" || fail "bad id: rc=$rc $(cat "$TMP/err")"
# --force replaces the whole directory, at the end
$EREP tests "$TMP/loop.json" -o "$TMP/p/busy" --force > /dev/null 2> "$TMP/err"; rc=$?
[ $rc = 0 ] && [ ! -e "$TMP/p/busy/notes.txt" ] && [ -f "$TMP/p/busy/run.sh" ] &&
  ! staging "$TMP/p" && ok "--force replaces a non-empty DIR" ||
  fail "--force: rc=$rc $(cat "$TMP/err"), now $(ls -A "$TMP/p/busy")"
# an empty DIR needs no --force
mkdir "$TMP/p/empty"
$EREP tests "$TMP/loop.json" -o "$TMP/p/empty" > /dev/null 2>&1 &&
  [ -f "$TMP/p/empty/run.sh" ] && ok "an empty DIR is filled" || fail "empty DIR"
echo x > "$TMP/p/afile"
expect 2 $EREP tests "$TMP/loop.json" -o "$TMP/p/afile" --force
# the report inside DIR: --force does not replace it
mkdir "$TMP/p/holds"; cp "$TMP/loop.json" "$TMP/p/holds/r.json"
$EREP tests "$TMP/p/holds/r.json" -o "$TMP/p/holds" --force > /dev/null 2> "$TMP/err"; rc=$?
[ $rc = 2 ] && grep -q 'holds the input' "$TMP/err" && cmp -s "$TMP/loop.json" "$TMP/p/holds/r.json" &&
  ok "--force refuses a DIR holding the report" || fail "DIR holding the report: rc=$rc $(cat "$TMP/err")"
staging "$TMP/p" && fail "staging directory left: $(ls -A "$TMP/p")"

# --- float inputs: fed by their IEEE bits, every test reaches its end ---
F=$DTD/float
$EREP report "$F.c" "$F.aa.txt" -o "$TMP/float.json" > /dev/null 2>&1 || fail "float: erep report"
$EREP tests "$TMP/float.json" -o "$TMP/float" --component both --unknown > "$TMP/out" 2>&1 ||
  fail "float: erep tests: $(cat "$TMP/out")"
valid float "$TMP/float"
grep -q 'cannot be fed' "$TMP/out" && fail "float: a test cannot be fed: $(cat "$TMP/out")"
grep -q '<input type="float" variable="f">' "$TMP/float/F1.xml" &&
  ok "float: F1.xml gives the float input" || fail "float: F1.xml: $(cat "$TMP/float/F1.xml")"
if [ $runs = yes ]; then
  sh "$TMP/float/run.sh" > "$TMP/run.out" 2>&1; rc=$?
  [ $rc = 0 ] && grep -qx '3 of 3 tests reached their end line' "$TMP/run.out" &&
    ok "float: run.sh: 3 of 3 tests reached their end line" ||
    { fail "float: run.sh: rc=$rc"; cat "$TMP/run.out"; }
fi

# --- a double computed as SSE computes it: run.sh must not let the x87's
# excess precision take the test off its path under -m32 ---
F=$SRC/tests/data/verify/float_sse
$EREP verify "$F.c" --analysis explicit -o "$TMP/sse" > /dev/null 2>&1 || fail "float_sse: erep verify"
$EREP tests "$TMP/sse/counterexample.json" -o "$TMP/sse.t" > "$TMP/out" 2>&1 ||
  fail "float_sse: erep tests: $(cat "$TMP/out")"
if [ $runs = yes ]; then
  sh "$TMP/sse.t/run.sh" > "$TMP/run.out" 2>&1; rc=$?
  [ $rc = 0 ] && grep -qx '1 of 1 tests reached their end line' "$TMP/run.out" &&
    ok "float_sse: run.sh: the test reaches reach_error's line" ||
    { fail "float_sse: run.sh: rc=$rc"; cat "$TMP/run.out"; }
fi

# --- tests that cannot be fed: memory malloc made and the program never
# wrote (read, it is an input no harness sets), a long double (unknown) ---
F=$DTD/unfed
$EREP report "$F.c" "$F.aa.txt" -o "$TMP/unfed.json" > /dev/null 2>&1 || fail "unfed: erep report"
$EREP tests "$TMP/unfed.json" -o "$TMP/unfed" --component both --unknown > "$TMP/out" 2>&1 ||
  fail "unfed: erep tests: $(cat "$TMP/out")"
valid unfed "$TMP/unfed"
grep -q 'S1 cannot be fed: input 1: uninitialised:malloc@8 cannot be set' "$TMP/out" &&
  ok "unfed: erep tests says S1 cannot be fed" || fail "unfed: $(cat "$TMP/out")"
grep -q '<!-- cannot be fed: input 1: uninitialised:malloc@8' "$TMP/unfed/S1.xml" &&
  ok "unfed: S1.xml says so in a comment" || fail "unfed: S1.xml: $(cat "$TMP/unfed/S1.xml")"
grep -q '<!-- cannot be fed: the trace was not proved feasible' "$TMP/unfed/U1.xml" &&
  ok "unfed: an unknown trace's test says so" || fail "unfed: U1.xml: $(cat "$TMP/unfed/U1.xml")"
if [ $runs = yes ]; then
  sh "$TMP/unfed/run.sh" > "$TMP/run.out" 2>&1; rc=$?
  if [ $rc = 1 ] && grep -q '^S1: cannot be fed: input 1: uninitialised:malloc@8' "$TMP/run.out" &&
    grep -q '^U1: cannot be fed: ' "$TMP/run.out" && grep -qx '0 of 2 tests reached their end line' "$TMP/run.out"; then
    ok "unfed: run.sh: the tests cannot be fed, none counted as reached"
  else
    fail "unfed: run.sh: rc=$rc"; cat "$TMP/run.out"
  fi
  # the harness itself refuses to run it
  gcc -w "$TMP/unfed/unfed.erep.c" "$TMP/unfed/harness.c" -o "$TMP/fprog" 2> "$TMP/err" ||
    fail "unfed: build: $(cat "$TMP/err")"
  EREP_TEST=S1 "$TMP/fprog" 2> "$TMP/err"; rc=$?
  [ $rc = 4 ] && grep -q 'S1 cannot be fed' "$TMP/err" && ok "unfed: the harness refuses S1 (exit 4)" ||
    fail "unfed: harness: rc=$rc $(cat "$TMP/err")"
fi
finish
