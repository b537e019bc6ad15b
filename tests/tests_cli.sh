#!/bin/sh
# erep tests: bad reports are refused without writing anything; the
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
good_trace='{"id":"F1","component":"frontier","feasibility":"feasible","steps":[{"line":3,"function":"main","kind":"statement","text":"x = __VERIFIER_nondet_int();"}],"inputs":[INPUT]}'
good_input='{"index":0,"function":"__VERIFIER_nondet_int","line":3,"type":"int","value":"5","step":0}'
report() { # report TRACE-JSON
  printf '{"format":"erep-report","version":1,"program":{"path":"p.c","sha256":null},"analysis":{"name":"explicit","limits":{"data_model":"ILP32"}},"components":{"frontier":{"full":true,"traces":[%s]}}}' "$1"
}
with_input() { echo "$good_trace" | sed "s|INPUT|$1|"; }
bad notjson 'this is not JSON' 'not valid JSON'
bad truncated "$(head -c 300 "$FIX")" 'not valid JSON'
bad empty '' 'not valid JSON'
bad array '[1, 2]' 'expected a JSON object'
bad format '{"format":"something","version":1}' 'not an erep report'
bad version '{"format":"erep-report","version":2}' 'version 2'
bad noprogram '{"format":"erep-report","version":1}' 'missing field "program"'
bad nocomponents '{"format":"erep-report","version":1,"program":{"path":"p.c","sha256":null}}' 'components'
bad stepsstring "$(report '{"id":"F1","component":"frontier","feasibility":"feasible","steps":"x","inputs":[]}')" 'expected an array'
bad stepline "$(report "$(echo "$good_trace" | sed 's/"line":3/"line":-1/; s|INPUT||')")" 'out of range'
bad stepfar "$(report "$(with_input "$(echo "$good_input" | sed 's/"step":0/"step":7/')")")" 'past the trace'
bad value "$(report "$(with_input "$(echo "$good_input" | sed 's/"5"/"five"/')")")" 'not a decimal integer'
bad bigvalue "$(report "$(with_input "$(echo "$good_input" | sed 's/"5"/"99999999999999999999"/')")")" 'not a decimal integer'
bad function "$(report "$(with_input "$(echo "$good_input" | sed 's/__VERIFIER_nondet_int"/rm -rf"/')")")" 'not a C identifier'
bad novalue "$(report "$(with_input "$(echo "$good_input" | sed 's/,"value":"5"//')")")" 'missing field "value"'
bad id "$(report "$(with_input "$good_input" | sed 's|"F1"|"../F1"|')")" 'cannot name a file'
bad dupid "$(report "$(with_input "$good_input"),$(with_input "$good_input")")" 'occurs twice'
bad datamodel "$(report "$(with_input "$good_input")" | sed 's/ILP32/ILP31/')" 'neither ILP32 nor LP64'
bad duplicatekey '{"format":"erep-report","format":"erep-report","version":1}' 'not valid JSON'
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
$EREP tests "$FIX" -o "$O" > "$TMP/out" 2> "$TMP/err"; rc=$?
[ $rc = 0 ] && ok "fixture: $(head -1 "$TMP/out")" || fail "fixture: rc=$rc $(cat "$TMP/err")"
for f in metadata.xml F1.xml F2.xml F3.xml S1.xml harness.c demo.erep.c trace-lines.txt .erep-tests; do
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
grep -q '^F3 20 21 22 23 24 25 26 27 28 14 15 16 17 30 31 32 33 34 35 36 38 39$' "$O/trace-lines.txt" \
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

# --- writing again: erep's own directory is updated, other files stay ---
echo mine > "$O/notes.txt"
R9=$TMP/F9.json
report "$(with_input "$good_input" | sed 's/"F1"/"F9"/')" > "$R9"
$EREP tests "$R9" -o "$O" >/dev/null 2>"$TMP/err" && ok "rewrite an erep directory" || fail "rewrite: $(cat "$TMP/err")"
[ -f "$O/F9.xml" ] && [ ! -e "$O/F1.xml" ] && [ ! -e "$O/demo.erep.c" ] && [ -f "$O/notes.txt" ] \
  && ok "stale tests removed, other files kept" || fail "rewrite left: $(ls -A "$O" | tr '\n' ' ')"

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
  # a call of another function than the trace's next input leaves the trace
  sed 's/"function": "read_sensor"/"function": "read_other"/' "$FIX" > "$TMP/other.json"
  EREP_REPLAY_TIMEOUT=2 sh "$R" "$D/demo.c" "$TMP/other.json" > "$TMP/replay" 2>&1; rc=$?
  if [ $rc = 1 ] && grep -q '^F3: .*read_other' "$TMP/replay"; then
    ok "replay notices a run that leaves the trace"
  else
    fail "leaving the trace not noticed: rc=$rc"; cat "$TMP/replay"
  fi
else
  echo "skipped replay: gcc, gcov or timeout missing"
fi
finish
