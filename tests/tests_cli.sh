#!/bin/sh
# erep tests: bad reports are refused without writing anything (read
# through the report model: the same checks as every command); the
# fixture report gives a Test-Comp suite, a harness that compiles and an
# instrumented program with the original's line numbers; tests/replay.sh
# replays every fixture trace and notices a wrong input.
. "$(dirname "$0")/lib.sh"
SRC=${EREP_SRCDIR:-.}
D=$SRC/tests/data/replay
FIX=$D/demo.json

# --- bad input: exit 2, a message naming the file, nothing written ---
bad() { # bad NAME REPORT-TEXT EXPECTED-MESSAGE-PART
  printf '%s' "$2" > "$TMP/$1.json"
  mkdir -p "$TMP/p_$1"
  $EREP tests "$TMP/$1.json" -o "$TMP/p_$1/out" > "$TMP/out" 2> "$TMP/err"; rc=$?
  if [ $rc = 2 ] && grep -q "$1.json" "$TMP/err" && grep -q -- "$3" "$TMP/err" &&
     [ -z "$(ls -A "$TMP/p_$1")" ]; then
    ok "bad report $1: $(head -1 "$TMP/err")"
  else
    fail "bad report $1: rc=$rc, $(cat "$TMP/err"), left: $(ls -A "$TMP/p_$1")"
  fi
}
bad notjson 'this is not JSON' 'not valid JSON'
bad truncated "$(head -c 300 "$FIX")" 'not valid JSON'
bad empty '' 'not valid JSON'
bad array '[1, 2]' 'not a JSON object'
bad format '{"format":"something","version":1}' 'not an erep report'
bad version '{"format":"erep-report","version":2}' 'version 2'
bad noprogram '{"format":"erep-report","version":1}' 'program: missing'
bad duplicatekey '{"format":"erep-report","format":"erep-report","version":1}' 'not valid JSON'
# the fixture with one thing wrong (jq edits it)
if command -v jq > /dev/null; then
  T='.components.frontier.traces[0]'
  badjq() { # badjq NAME JQ-FILTER EXPECTED-MESSAGE-PART
    bad "$1" "$(jq "$2" "$FIX")" "$3"
  }
  badjq nocomponents 'del(.components)' 'components: missing'
  badjq stepsstring "$T.steps = \"x\"" 'expected an array'
  badjq stepline "$T.steps[3].line = -1" 'out of range'
  badjq stepfar "$T.inputs[0].step = 700" 'is not a step of the trace'
  badjq value "$T.inputs[0].value = \"five\"" 'is not an input value'
  badjq bigvalue "$T.inputs[0].value = \"99999999999999999999\"" 'is not an input value'
  badjq novalue "del($T.inputs[0].value)" 'value: missing'
  badjq key "$T.key = \"F-0000000000000000\"" 'does not fit the trace'
  badjq id "$T.id = \"../F1\"" 'is not an id'
  badjq reserved "$T.id = \"metadata\"" 'cannot name a file'
  badjq dupid "$T.id = \"F2\"" 'occurs twice'
  badjq datamodel '.analysis.limits.data_model = "ILP31"' 'neither ILP32 nor LP64'
  # a function that is no C identifier is not refused: its test cannot be fed
  jq "$T.inputs[0].function = \"rm -rf\"" "$FIX" > "$TMP/fn.json"
  $EREP tests "$TMP/fn.json" -o "$TMP/fn" > "$TMP/out" 2> "$TMP/err"; rc=$?
  [ $rc = 0 ] && grep -q 'F1 cannot be fed: input 0: the function "rm -rf" is not a C identifier' "$TMP/err" &&
    ! grep -q 'rm -rf(' "$TMP/fn/harness.c" && ok "a function that is no identifier: F1 cannot be fed" ||
    fail "function not an identifier: rc=$rc $(cat "$TMP/err")"
else
  echo "skipped the edited-fixture cases: jq not found"
fi
expect 2 $EREP tests "$FIX"
expect 2 $EREP tests /nonexistent.json -o "$TMP/never"
[ -e "$TMP/never" ] && fail "output made for a missing report" || ok "nothing made for a missing report"
mkdir "$TMP/busy"; echo keep > "$TMP/busy/mine.txt"
expect 2 $EREP tests "$FIX" -o "$TMP/busy"
[ "$(ls -A "$TMP/busy")" = mine.txt ] && ok "a foreign directory is left alone" || fail "foreign directory changed"
echo x > "$TMP/afile"
expect 2 $EREP tests "$FIX" -o "$TMP/afile"

# --- the fixture ---
O=$TMP/suite
$EREP tests "$FIX" -o "$O" --component both > "$TMP/out" 2> "$TMP/err"; rc=$?
[ $rc = 0 ] && ok "fixture: $(head -1 "$TMP/out")" || fail "fixture: rc=$rc $(cat "$TMP/err")"
for f in metadata.xml F1.xml F2.xml F3.xml S1.xml harness.c demo.erep.c trace-lines.txt tests.tsv run.sh; do
  [ -s "$O/$f" ] || fail "fixture: $f missing"
done
[ "$(ls -A "$TMP" | grep -c '\.erep-')" = 0 ] && ok "no staging directory left" || fail "staging left: $(ls -A "$TMP")"
grep -qx '<!DOCTYPE test-metadata PUBLIC "+//IDN sosy-lab.org//DTD test-format test-metadata 1.1//EN" "https://sosy-lab.org/test-format/test-metadata-1.1.dtd">' "$O/metadata.xml" \
  && ok "metadata DOCTYPE" || fail "metadata DOCTYPE: $(sed -n 2p "$O/metadata.xml")"
grep -qx '<!DOCTYPE testcase PUBLIC "+//IDN sosy-lab.org//DTD test-format testcase 1.1//EN" "https://sosy-lab.org/test-format/testcase-1.1.dtd">' "$O/F1.xml" \
  && ok "testcase DOCTYPE" || fail "testcase DOCTYPE: $(sed -n 2p "$O/F1.xml")"
order=$(sed -n 's/^ *<\([a-z]*\)>.*/\1/p' "$O/metadata.xml" | tr '\n' ' ')
[ "$order" = "sourcecodelang producer specification programfile programhash entryfunction architecture creationtime " ] \
  && ok "metadata fields in the mandatory order" || fail "metadata order: $order"
grep -q '<architecture>32bit</architecture>' "$O/metadata.xml" || fail "architecture"
grep -q '<programhash>c681495d18433c89524c71997f29a99cc41538a3dd179ab69692dae5c39dde76</programhash>' "$O/metadata.xml" || fail "programhash"
grep -q '<specification>COVER( init(main()), FQL(COVER EDGES(@DECISIONEDGE)) )</specification>' "$O/metadata.xml" || fail "specification"
grep -Eq '<creationtime>[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z</creationtime>' "$O/metadata.xml" || fail "creationtime"
# F3: the call inputs only, in order; the uninitialised ones are not Test-Comp inputs
got=$(sed -n 's:.*<input type="\([^"]*\)"[^>]*>\(.*\)</input>:\1=\2:p' "$O/F3.xml" | tr '\n' ' ')
[ "$got" = "int=50 unsigned char=17 " ] && ok "F3 inputs: $got" || fail "F3 inputs: $got"
grep -q 'coversError="false"' "$O/F3.xml" || fail "coversError"
grep -q 'variable="s"' "$O/F3.xml" && grep -q 'variable="u"' "$O/F3.xml" && ok "input variables" || fail "input variables"
if command -v xmllint >/dev/null; then
  xmllint --noout --nonet "$O"/*.xml 2>"$TMP/xerr" && ok "xmllint: well-formed" || fail "xmllint: $(cat "$TMP/xerr")"
fi
[ "$(wc -l < "$O/demo.erep.c")" = "$(wc -l < "$D/demo.c")" ] && ok "instrumented copy keeps the line count" || fail "line count changed"
grep -q '__erep_decl("t", 34)' "$O/demo.erep.c" && grep -q '__erep_decl("buf", 24)' "$O/demo.erep.c" \
  && ok "uninitialised declarations instrumented" || fail "instrumentation: $(grep -c erep "$O/demo.erep.c")"
grep -q '^F3 20 21 22 23 24 25 26 27 28 14 15 16 17 30 31 ~32 33 34 35 36 38 39$' "$O/trace-lines.txt" \
  && ok "trace lines" || fail "trace lines: $(grep '^F3' "$O/trace-lines.txt")"
if command -v gcc >/dev/null; then
  gcc -std=gnu11 -Wall -Wextra -Werror -c "$O/harness.c" -o "$TMP/harness.o" 2>"$TMP/cerr" \
    && ok "harness.c compiles (-Wall -Wextra -Werror)" || fail "harness.c: $(head -5 "$TMP/cerr")"
  gcc -w -fsyntax-only "$O/demo.erep.c" 2>"$TMP/cerr" && ok "instrumented copy compiles" || fail "demo.erep.c: $(head -5 "$TMP/cerr")"
  # the harness alone: the test is chosen by EREP_TEST
  printf 'void log_event(int c) { (void)c; }\n' > "$TMP/stub.c"
  if gcc -w "$O/demo.erep.c" "$TMP/harness.o" "$TMP/stub.c" -o "$TMP/prog"; then
    "$TMP/prog" 2>"$TMP/herr"; rc=$?
    [ $rc = 2 ] && grep -q 'F1 F2 F3 S1' "$TMP/herr" && ok "no EREP_TEST: exit 2 with the list" || fail "no EREP_TEST: rc=$rc $(cat "$TMP/herr")"
    EREP_TEST=F3 "$TMP/prog"; rc=$?
    [ $rc = 0 ] && ok "F3 runs to its end" || fail "F3: rc=$rc"
  else
    fail "linking the fixture"
  fi
fi

# --- writing again: a non-empty directory only with --force, replaced whole ---
echo mine > "$O/notes.txt"
sed 's/"id": "F1"/"id": "F9"/' "$FIX" > "$TMP/F9.json"
cp "$D/demo.c" "$TMP/demo.c"
expect 2 $EREP tests "$TMP/F9.json" -o "$O"
[ -f "$O/notes.txt" ] && [ -f "$O/F1.xml" ] && ok "a suite is not overwritten without --force" || fail "overwritten"
$EREP tests "$TMP/F9.json" -o "$O" --force >/dev/null 2>"$TMP/err" && ok "rewrite with --force" || fail "rewrite: $(cat "$TMP/err")"
[ -f "$O/F9.xml" ] && [ ! -e "$O/F1.xml" ] && [ ! -e "$O/notes.txt" ] && [ -f "$O/demo.erep.c" ] \
  && ok "--force: the old suite replaced as a whole" || fail "rewrite left: $(ls -A "$O" | tr '\n' ' ')"

# --- replay: every fixture trace is executed by its test ---
if command -v gcc >/dev/null && command -v gcov >/dev/null && command -v timeout >/dev/null; then
  R=$SRC/tests/replay.sh
  EREP_REPLAY_TIMEOUT=2 sh "$R" "$D/demo.c" "$FIX" > "$TMP/replay" 2>&1; rc=$?
  if [ $rc = 0 ] && grep -q '4 traces, 4 replayed, 0 failed' "$TMP/replay"; then
    ok "replay: $(tail -1 "$TMP/replay")"
  else
    fail "replay: rc=$rc"; cat "$TMP/replay"
  fi
  grep -q '^F1: 17/17 lines executed' "$TMP/replay" || fail "F1 (ends in an endless loop) not fully covered"
  grep -q '^F2: 16/16 lines executed' "$TMP/replay" || fail "F2 (ends in abort) not fully covered"
  # a wrong input value must show: mode 2 instead of 3 skips scale()
  sed 's/"value": "3"/"value": "2"/' "$FIX" > "$TMP/wrong.json"
  EREP_REPLAY_TIMEOUT=2 sh "$R" "$D/demo.c" "$TMP/wrong.json" > "$TMP/replay" 2>&1; rc=$?
  if [ $rc = 1 ] && grep -q '^F3: MISSING lines 28, 14, 15, 16, 17' "$TMP/replay"; then
    ok "replay notices a wrong input"
  else
    fail "wrong input not noticed: rc=$rc"; cat "$TMP/replay"
  fi
  # run.sh, as the tester runs it: the fixture reaches every end line; the
  # wrong input is noticed there too
  EREP_RUN_TIMEOUT=2 sh "$O/run.sh" > "$TMP/run" 2>&1; rc=$?
  [ $rc = 0 ] && grep -q '^F9: reached main:43 (frontier)$' "$TMP/run" &&
    grep -qx '3 of 3 tests reached their end line' "$TMP/run" &&
    ok "run.sh: $(tail -1 "$TMP/run")" || fail "run.sh on the suite: rc=$rc $(cat "$TMP/run")"
  $EREP tests "$TMP/wrong.json" -o "$TMP/wrong" --component both > /dev/null 2>&1
  EREP_RUN_TIMEOUT=2 sh "$TMP/wrong/run.sh" > "$TMP/run" 2>&1; rc=$?
  if [ $rc = 1 ] && grep -q "^F3: NOT reached main:39 (frontier; line 39 executed, but not the trace's lines 14, 15, 16, 17, 28" "$TMP/run" &&
     grep -qx '3 of 4 tests reached their end line' "$TMP/run"; then
    ok "run.sh notices a wrong input: $(grep '^F3' "$TMP/run")"
  else
    fail "run.sh, wrong input: rc=$rc"; cat "$TMP/run"
  fi
  # a call of another function than the trace's next input leaves the trace
  sed 's/"function": "read_sensor"/"function": "read_other"/' "$FIX" > "$TMP/other.json"
  EREP_REPLAY_TIMEOUT=2 sh "$R" "$D/demo.c" "$TMP/other.json" > "$TMP/replay" 2>&1; rc=$?
  if [ $rc = 1 ] && grep -q '^F3: .*read_other' "$TMP/replay"; then
    ok "replay notices a run that leaves the trace"
  else
    fail "leaving the trace not noticed: rc=$rc"; cat "$TMP/replay"
  fi
  $EREP tests "$TMP/other.json" -o "$TMP/other" --component both > /dev/null 2>&1
  EREP_RUN_TIMEOUT=2 sh "$TMP/other/run.sh" > "$TMP/run" 2>&1; rc=$?
  if [ $rc = 1 ] && grep -q '^F3: NOT reached main:39 (frontier; .*the run left the trace: input 0 is a call of read_other at line 25' "$TMP/run"; then
    ok "run.sh notices a run that leaves the trace"
  else
    fail "run.sh, leaving the trace: rc=$rc"; cat "$TMP/run"
  fi
  # a program that exits with 3 itself has not left the trace
  mkdir -p "$TMP/three"
  sed 's/^  return 0;$/  return 3;/' "$D/demo.c" > "$TMP/three/demo.c"
  cmp -s "$D/demo.c" "$TMP/three/demo.c" && fail "demo.c has no 'return 0;' line to change"
  sed "s/$(sha256sum < "$D/demo.c" | cut -d' ' -f1)/$(sha256sum < "$TMP/three/demo.c" | cut -d' ' -f1)/" "$FIX" > "$TMP/three/demo.json"
  $EREP tests "$TMP/three/demo.json" -o "$TMP/three/suite" --component safe > /dev/null 2>&1
  EREP_RUN_TIMEOUT=2 sh "$TMP/three/suite/run.sh" > "$TMP/run" 2>&1; rc=$?
  [ $rc = 0 ] && grep -q '^S1: reached main:47 (safe)$' "$TMP/run" &&
    ok "run.sh: a program's own exit status 3 is not leaving the trace" ||
    { fail "run.sh, exit status 3: rc=$rc"; cat "$TMP/run"; }
else
  echo "skipped replay: gcc, gcov or timeout missing"
fi
finish
