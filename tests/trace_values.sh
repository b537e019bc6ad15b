#!/bin/sh
# Values along a trace (issue #26): each step of a feasible trace records
# the integer values it assigns, from the solver's model (key "values" on
# the step: lhs and value); the trace picture labels its edges with them,
# `erep tests` puts them in the harness's comments, and the browser shows
# them beside the steps, `v` hiding and showing them. bug.c reaches the error for x == 42: x = 42 at its declaration,
# the parameter a = 42 at the call, g = 1, r = 40 at the return.
. "$(dirname "$0")/lib.sh"
SRC=$(cd "${EREP_SRCDIR:-.}" && pwd)
EREP=$(cd "$(dirname "$EREP")" && pwd)/$(basename "$EREP")
command -v jq > /dev/null || { echo "skipped: jq not found"; exit 77; }
$EREP verify "$SRC/tests/data/verify/bug.c" -o "$TMP/v" > "$TMP/out" 2>&1 ||
  { fail "verify bug.c: $(cat "$TMP/out")"; finish; }
C=$TMP/v/counterexample.json
got=$(jq -c '[.components.frontier.traces[0].steps[] | select(.values) |
              .line as $l | .values[] | "\($l):\(.lhs)=\(.value)"]' "$C")
[ "$got" = '["11:x=42","12:a=42","7:g=1","12:r=40"]' ] &&
  ok "bug.c: the values of its counterexample's steps" || fail "values: $got"
# the values agree with the inputs the trace records
[ "$(jq -r '.components.frontier.traces[0].inputs[0].value' "$C")" = 42 ] &&
  ok "...x is the input" || fail "input: $(jq -c '.components.frontier.traces[0].inputs' "$C")"
# an unsigned and a char: rendered in their types
cat > "$TMP/types.c" <<'EOF'
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  unsigned u = 0u - 3u;
  signed char c = (signed char)200;
  int x = __VERIFIER_nondet_int();
  if (x == 7 && u > 5u && c < 0)
    reach_error();
  return 0;
}
EOF
$EREP verify "$TMP/types.c" -o "$TMP/t" > "$TMP/out" 2>&1 ||
  fail "verify types.c: $(cat "$TMP/out")"
got=$(jq -c '[.components.frontier.traces[0].steps[] | .values[]? | "\(.lhs)=\(.value)"]' "$TMP/t/counterexample.json")
[ "$got" = '["u=4294967293","c=-56","x=7"]' ] &&
  ok "unsigned and signed char values in their types" || fail "types: $got"
# the trace picture: on the edge out of the step that assigned
$EREP dot "$C" --view trace:F1 -o "$TMP/t.dot" > "$TMP/out" 2>&1 &&
  grep -q 'label="x = 42' "$TMP/t.dot" && grep -q 'label="r = 40' "$TMP/t.dot" &&
  ok "trace picture: values on its edges" || fail "dot: $(cat "$TMP/out")"
# erep tests: in the harness's comments
$EREP tests "$C" -o "$TMP/suite" > "$TMP/out" 2>&1 &&
  grep -q '^/\* values along F1: line 11: x=42, line 12: a=42, line 7: g=1, line 12: r=40 \*/' "$TMP/suite/harness.c" &&
  ok "tests: the values in the harness's comment" || fail "tests: $(cat "$TMP/out"; grep -n values "$TMP/suite/harness.c")"
# a trace of erep report has them too
cp "$SRC"/samples/loop.c "$SRC"/samples/loop.aa.txt "$TMP"/
chmod u+w "$TMP"/loop.*
(cd "$TMP" && $EREP report loop.c loop.aa.txt -o r.json > /dev/null 2>&1)
[ "$(jq '[.components[].traces[].steps[] | .values[]?] | length' "$TMP/r.json")" -gt 0 ] &&
  ok "erep report's traces carry values" || fail "report: no values"
# the browser: beside the steps, v toggles
if command -v tmux > /dev/null; then
  TM="tmux -L erep-values-$$ -f /dev/null"
  $TM new-session -d -s v -x 120 -y 40 \
    "cd '$TMP' && env TERM=xterm-256color LC_ALL=C.UTF-8 $EREP browse '$C'; sleep 30"
  see() { # see PATTERN: poll the screen for it (5 s)
    i=0
    while [ $i -lt 50 ]; do
      $TM capture-pane -p -t v > "$TMP/screen" 2> /dev/null
      grep -q "$1" "$TMP/screen" && return 0
      sleep 0.1; i=$((i + 1))
    done
    return 1
  }
  # the counterexample is selected: Enter opens it
  see "F1" && $TM send-keys -t v Enter
  if see 'x=42'; then
    ok "browse: x=42 beside its step"
    $TM send-keys -t v v
    sleep 0.3
    ! see 'x=42' 2> /dev/null && ok "browse: v hides the values" ||
      fail "v did not hide: $(cat "$TMP/screen")"
  else
    fail "browse: no x=42 on screen: $(cat "$TMP/screen")"
  fi
  $TM kill-server 2> /dev/null
else
  echo "skipped: tmux not found (browse)"
fi
finish
