#!/bin/sh
# Self-contained reports (issue #26): a report carries its program's source
# and its automaton's text (format minor 3), so that dot, tests, diff and
# browse work on a report copied where neither file is; a file that is
# there is still checked (a changed one refused unless --no-hash-check,
# which then shows what the report carries); a source that does not have
# its sha256 is refused; a source that is not UTF-8 goes as base64; a
# report without them (minor 2) still reads.
. "$(dirname "$0")/lib.sh"
SRC=$(cd "${EREP_SRCDIR:-.}" && pwd)
EREP=$(cd "$(dirname "$EREP")" && pwd)/$(basename "$EREP")
command -v jq > /dev/null || { echo "skipped: jq not found"; exit 77; }
A=$TMP/a
mkdir "$A" "$TMP/away"
cp "$SRC"/samples/loop.c "$SRC"/samples/loop.aa.txt "$A"/
chmod u+w "$A"/*
(cd "$A" && $EREP report loop.c loop.aa.txt -o r.json > /dev/null 2>&1) ||
  fail "erep report loop.c"
R=$A/r.json
jq -e '.minor >= 3' "$R" > /dev/null && ok "minor 3" || fail "minor: $(jq .minor "$R")"
[ "$(jq -j .program.source "$R" | sha256sum | cut -d' ' -f1)" = "$(jq -r .program.sha256 "$R")" ] &&
  [ "$(jq -j .program.source "$R" | cmp - "$A/loop.c" && echo same)" = same ] &&
  ok "program.source: the program's bytes, with its sha256" ||
  fail "program.source differs from loop.c"
[ "$(jq -j .automaton.source "$R" | cmp - "$A/loop.aa.txt" && echo same)" = same ] &&
  ok "automaton.source: the automaton's bytes" || fail "automaton.source differs"

# the report alone, elsewhere: neither file is at its path
B=$TMP/away
cp "$R" "$B/r.json"
cd "$B" || exit 99
for v in aa cfa trace:F1; do
  $EREP dot r.json --view $v -o "$B/$v.dot" > "$TMP/out" 2>&1 &&
    [ -s "$B/$v.dot" ] && ok "dot --view $v of a moved report" ||
    fail "dot --view $v: $(cat "$TMP/out")"
done
grep -q 'loop.c' "$B/cfa.dot" || fail "the CFA picture does not name loop.c"
$EREP tests r.json -o "$B/suite" > "$TMP/out" 2>&1 &&
  [ "$(wc -l < "$B/suite/loop.erep.c")" = "$(wc -l < "$A/loop.c")" ] &&
  ! grep -q warning "$TMP/out" &&
  ok "tests of a moved report: the instrumented copy from its source" ||
  fail "tests: $(cat "$TMP/out"; ls "$B/suite")"
cp r.json r2.json
$EREP diff r.json r2.json > "$TMP/out" 2>&1 && ok "diff of moved reports" ||
  fail "diff: $(cat "$TMP/out")"
if command -v tmux > /dev/null; then
  TM="tmux -L erep-moved-$$ -f /dev/null"
  $TM new-session -d -s m -x 100 -y 30 \
    "cd '$B' && env TERM=xterm-256color LC_ALL=C.UTF-8 $EREP browse r.json; sleep 30"
  i=0; shown=
  while [ $i -lt 50 ]; do
    $TM capture-pane -p -t m > "$TMP/screen" 2>/dev/null
    grep -q 'while' "$TMP/screen" && { shown=1; break; }
    $TM send-keys -t m Enter 2>/dev/null
    sleep 0.2; i=$((i + 1))
  done
  $TM send-keys -t m q 2>/dev/null
  $TM kill-server 2>/dev/null
  [ -n "$shown" ] && ok "browse of a moved report shows the program's lines" ||
    fail "browse: no source line on screen: $(cat "$TMP/screen")"
else
  echo "skipped: tmux not found (browse)"
fi

# a changed program where the report says it is: refused, and with
# --no-hash-check the report's own source is shown
cd "$A" || exit 99
printf '/* changed */\n' >> loop.c
$EREP dot r.json --view cfa -o "$TMP/c.dot" > "$TMP/out" 2>&1; rc=$?
[ $rc = 2 ] && grep -q 'has changed' "$TMP/out" && [ ! -e "$TMP/c.dot" ] &&
  ok "a changed program: refused, exit 2" || fail "changed: rc=$rc $(cat "$TMP/out")"
$EREP dot r.json --view aa -o "$TMP/c.dot" --no-hash-check > "$TMP/out" 2>&1 &&
  ok "--no-hash-check: shown" || fail "--no-hash-check: $(cat "$TMP/out")"

# a source that is not what its sha256 says: the report is refused
jq '.program.source += "x"' "$R" > "$TMP/bad.json"
$EREP dot "$TMP/bad.json" --view aa -o "$TMP/bad.dot" > "$TMP/out" 2>&1; rc=$?
[ $rc = 2 ] && grep -q 'sha256' "$TMP/out" &&
  ok "a source without its sha256: refused" || fail "tampered: rc=$rc $(cat "$TMP/out")"

# a report of minor 2 (no sources) reads as before, from the files
cp "$SRC"/samples/loop.c "$A"/loop.c
jq 'del(.program.source, .automaton.source) | .minor = 2' "$R" > "$A/old.json"
$EREP dot "$A/old.json" --view cfa -o "$TMP/old.dot" > "$TMP/out" 2>&1 &&
  ok "minor 2: read, the files used" || fail "minor 2: $(cat "$TMP/out")"

# a program that is not UTF-8: its source goes as base64, byte for byte
L=$TMP/latin
mkdir "$L"
printf '/* caf\351 */\nextern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\nint main(void) {\n  int x = __VERIFIER_nondet_int();\n  if (x == 3)\n    reach_error();\n  return 0;\n}\n' > "$L/p.c"
$EREP verify "$L/p.c" -o "$L/v" > "$TMP/out" 2>&1 ||
  fail "verify p.c: $(cat "$TMP/out")"
jq -e '.program.source_base64 and (.program.source | not)' "$L/v/counterexample.json" > /dev/null &&
  [ "$(jq -j .program.source_base64 "$L/v/counterexample.json" | base64 -d | cmp - "$L/p.c" && echo same)" = same ] &&
  ok "a Latin-1 program: source_base64, the same bytes" ||
  fail "base64: $(jq -c .program "$L/v/counterexample.json" | cut -c1-200)"
mv "$L/p.c" "$L/p.c.away"
$EREP dot "$L/v/counterexample.json" --view cfa -o "$TMP/l.dot" > "$TMP/out" 2>&1 &&
  ok "the base64 source builds the CFA" || fail "base64 cfa: $(cat "$TMP/out")"
finish
