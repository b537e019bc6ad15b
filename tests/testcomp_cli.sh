#!/bin/sh
# erep tests, the Test-Comp side (issue #23): run.sh prints report text
# with printf '%s' (dash's echo decodes \033 and \c); the instrumentation
# of a program without C code; input names per declarator; coversError
# for a test that reaches the error; the summary counts inputs read.
. "$(dirname "$0")/lib.sh"
SRC=${EREP_SRCDIR:-.}
D=$SRC/tests/data/replay

# --- run.sh: backslash sequences in report text reach no terminal raw ---
if command -v jq > /dev/null && command -v dash > /dev/null &&
   command -v gcc > /dev/null && command -v gcov > /dev/null; then
  cp "$D/demo.c" "$TMP/demo.c"
  jq '.components.frontier.traces[0].end.function = "m\\033[31mX\\cY" |
      .components.frontier.traces[1].inputs[0].function = "r\\033[1m\\cZ"' \
    "$D/demo.json" > "$TMP/bs0.json"
  # the end function is part of the trace's key: take the one erep computes
  k=$($EREP tests "$TMP/bs0.json" -o "$TMP/never" 2>&1 |
    sed -n 's/.*its key is "\(F-[0-9a-f]*\)".*/\1/p')
  jq --arg k "$k" '.components.frontier.traces[0].key = $k' "$TMP/bs0.json" > "$TMP/bs.json"
  $EREP tests "$TMP/bs.json" -o "$TMP/bs" --component both > /dev/null 2>&1 ||
    fail "erep tests on the backslash report"
  EREP_RUN_TIMEOUT=2 dash "$TMP/bs/run.sh" > "$TMP/run" 2>&1
  ESC=$(printf '\033')
  if grep -q "$ESC" "$TMP/run"; then
    fail "run.sh under dash: an ESC byte reached the output: $(cat -v "$TMP/run")"
  elif grep -qF 'F1: reached m\033[31mX\cY:43 (frontier)' "$TMP/run" &&
       grep -qF 'the function "r\033[1m\cZ" is not a C identifier (frontier' "$TMP/run"; then
    ok "run.sh under dash prints backslash sequences as text"
  else
    fail "run.sh under dash: $(cat -v "$TMP/run")"
  fi
  grep -Eq '^[^#]*\<echo\>' "$TMP/bs/run.sh" && fail "run.sh still uses echo" || ok "run.sh has no echo"
else
  echo "skipped run.sh under dash: jq, dash, gcc or gcov missing"
fi

# --- a verify counterexample: inputs named per declarator, coversError ---
T=${EREP_SRCDIR:-.}/tests/data/testcomp
cp "$T/declarators.c" "$T/unread_arrays.c" "$TMP/"
$EREP verify "$TMP/declarators.c" -o "$TMP/dv" > "$TMP/out" 2>&1 ||
  fail "verify declarators.c: $(cat "$TMP/out")"
$EREP tests "$TMP/dv/counterexample.json" -o "$TMP/dt" > "$TMP/out" 2>&1 ||
  fail "tests on declarators.c: $(cat "$TMP/out")"
got=$(sed -n 's:.*<input type="[^"]*" variable="\([^"]*\)">\(.*\)</input>:\1=\2:p' "$TMP/dt/F1.xml" | tr '\n' ' ')
[ "$got" = "a=3 b=7 " ] && ok "unsigned int a = f(), b = f(): inputs named $got" ||
  fail "declarator names: $got"
# the counterexample reaches reach_error: coversError, and the error-call
# specification TestCov checks it against
grep -q '<testcase coversError="true">' "$TMP/dt/F1.xml" &&
  ok "a test that reaches reach_error says coversError=\"true\"" ||
  fail "coversError: $(grep testcase "$TMP/dt/F1.xml")"
grep -q '<specification>COVER( init(main()), FQL(COVER EDGES(@CALL(reach_error))) )</specification>' "$TMP/dt/metadata.xml" &&
  ok "metadata: the error-call specification" ||
  fail "specification: $(grep specification "$TMP/dt/metadata.xml")"
if command -v xmllint > /dev/null; then
  xmllint --noout --nonet "$TMP/dt"/*.xml 2>"$TMP/xerr" && ok "xmllint: well-formed" ||
    fail "xmllint: $(cat "$TMP/xerr")"
fi
# an automaton's report keeps branch coverage; its F2 reaches reach_error
$EREP tests "$D/demo.json" -o "$TMP/demo" --component both > /dev/null 2>&1
grep -q '<specification>COVER( init(main()), FQL(COVER EDGES(@DECISIONEDGE)) )</specification>' "$TMP/demo/metadata.xml" &&
  grep -q 'coversError="true"' "$TMP/demo/F2.xml" &&
  [ "$(grep -l 'coversError="true"' "$TMP/demo"/*.xml | wc -l)" = 1 ] &&
  ok "automaton report: branch coverage; F2 (ends in reach_error) covers the error" ||
  fail "demo: $(grep -H 'coversError\|specification' "$TMP/demo"/*.xml)"

# --- uninitialised arrays whose initial elements are never read ---
$EREP verify "$TMP/unread_arrays.c" -o "$TMP/uv" > "$TMP/out" 2>&1
if grep -q '^FALSE: .*(14 steps, 1 inputs)' "$TMP/out" && ! grep -q uninitialised "$TMP/out"; then
  ok "arrays written before every read are no inputs: $(head -1 "$TMP/out")"
else
  fail "unread arrays counted: $(head -4 "$TMP/out")"
fi
$EREP tests "$TMP/uv/counterexample.json" -o "$TMP/ut" > /dev/null 2>&1
grep -q 'uninitialised' "$TMP/ut/F1.xml" && fail "F1.xml counts unread arrays: $(cat "$TMP/ut/F1.xml")" ||
  ok "F1.xml: no uninitialised values counted"

finish
