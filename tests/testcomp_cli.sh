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

finish
