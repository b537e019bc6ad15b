#!/bin/sh
# Values along a trace, checked against gcc (issue #26): for every sample's
# report and erep verify's counterexample of bug.c (and, with the corpus,
# the fse12-systemc pair), the program is built with gcc -g from the
# suite erep tests writes, run under gdb with each feasible trace's inputs,
# stepped line by line, and every value the trace's steps assign
# (.steps[].values) is read back with gdb's C evaluator where the step
# leaves it (tests/values_gdb.py). Every value must be read and agree.
. "$(dirname "$0")/lib.sh"
SRC=$(cd "${EREP_SRCDIR:-.}" && pwd)
EREP=$(cd "$(dirname "$EREP")" && pwd)/$(basename "$EREP")
for t in jq gdb python3; do
  command -v $t > /dev/null || { echo "skipped: $t not found"; exit 77; }
done
CC=${CC:-gcc}
# gdb must be able to run a program here (ptrace may be denied in a
# container)
gdb -batch -nx -ex run /bin/true 2>&1 | grep -q 'exited normally' ||
  { echo "skipped: gdb cannot run a program here (ptrace denied?)"; exit 77; }
# check NAME REPORT: every feasible trace with values of REPORT
check() {
  name=$1 r=$2 d=$TMP/$1
  "$EREP" tests "$r" --component both -o "$d" > "$TMP/out" 2>&1 ||
    { fail "$name: erep tests: $(cat "$TMP/out")"; return; }
  M=
  if [ "$(jq -r .analysis.limits.data_model "$r")" != LP64 ] && m32_runs; then M=-m32; fi
  prog=$(ls "$d"/*.erep.c)
  # the program with debug information, the harness without (gdb steps
  # over it); functions no trace takes a value from get stubs
  (cd "$d" && $CC $M -g -O0 -w -fwrapv -c "$prog" -o prog.o &&
    $CC $M -O0 -w -c harness.c -o harness.o) > "$TMP/cc" 2>&1 ||
    { fail "$name: gcc: $(head -5 "$TMP/cc")"; return; }
  if ! (cd "$d" && $CC $M prog.o harness.o -o prog) > "$TMP/ld" 2>&1; then
    sed -n "s/.*undefined reference to \`\([A-Za-z_][A-Za-z0-9_]*\)'.*/\1/p" "$TMP/ld" |
      sort -u | while read -r f; do
        printf '__attribute__((weak)) long %s(void) { return 0; }\n' "$f"
      done > "$d/stubs.c"
    (cd "$d" && $CC $M -O0 -w -c stubs.c -o stubs.o && $CC $M prog.o harness.o stubs.o -o prog) \
      > "$TMP/ld" 2>&1 || { fail "$name: link: $(head -5 "$TMP/ld")"; return; }
  fi
  n=0 vals=0
  for id in $(jq -r '[.components[].traces[] | select([.steps[].values // empty] | length > 0) | .id] | .[]' "$r"); do
    jq ".components[].traces[] | select(.id == \"$id\")" "$r" > "$d/$id.expect.json"
    (cd "$d" && EREP_TEST=$id EXPECT=$d/$id.expect.json OUT=$d/$id.got.json \
      timeout 300 gdb -batch -nx -x "$SRC/tests/values_gdb.py" ./prog > gdb.out 2>&1)
    if [ ! -s "$d/$id.got.json" ]; then
      fail "$name $id: gdb gave no result: $(tail -3 "$d/gdb.out")"; continue
    fi
    c=$(jq .checked "$d/$id.got.json") a=$(jq .agreed "$d/$id.got.json")
    total=$(jq '[.steps[].values[]?] | length' "$d/$id.expect.json")
    sk=$(jq '.skipped | length' "$d/$id.got.json")
    if [ "$a" = "$((total - sk))" ] && [ "$c" = "$a" ]; then
      n=$((n + 1)) vals=$((vals + a))
    else
      fail "$name $id: $a of $total values agree ($c read): $(jq -c '{disagree, unread, left}' "$d/$id.got.json" | head -c 600)"
    fi
  done
  sk=$(cat "$d"/*.got.json 2>/dev/null | jq -s '[.[].skipped[]] | length')
  [ "${sk:-0}" = 0 ] && sk=
  [ "$n" -gt 0 ] && ok "$name: $vals values of $n traces agree with gcc${sk:+ ($sk string-literal addresses not compared)}" ||
    fail "$name: no trace checked"
}
for s in "$SRC"/samples/*.aa.txt; do
  b=$(basename "$s" .aa.txt)
  "$EREP" report "$SRC/samples/$b.c" "$s" -o "$TMP/$b.json" > /dev/null 2>&1 ||
    { fail "report $b"; continue; }
  check "$b" "$TMP/$b.json"
done
"$EREP" verify "$SRC/tests/data/verify/bug.c" -o "$TMP/v" > /dev/null 2>&1 &&
  check bug.c "$TMP/v/counterexample.json" || fail "verify bug.c"
# pointers: NULL, &v, &arr+8, &st+4 (object and byte offset), &g
"$EREP" verify "$SRC/tests/data/values/ptr.c" -o "$TMP/pv" > /dev/null 2>&1 &&
  check ptr.c "$TMP/pv/counterexample.json" || fail "verify ptr.c"
[ "$(jq -c '[.components.frontier.traces[0].steps[] | .values[]? | select(.value | test("^[&N(]")) | "\(.lhs)=\(.value)"]' "$TMP/pv/counterexample.json")" = \
  '["p=NULL","q=&v","r=&arr+8","t=&st+4","fp=&g","str=(a string literal at line 20)","str2=(a string literal at line 20)+1"]' ] &&
  ok "ptr.c: pointer values as object and byte offset" ||
  fail "ptr.c values: $(jq -c '[.components.frontier.traces[0].steps[] | .values[]?]' "$TMP/pv/counterexample.json")"
# the check can fail: a value changed in the expectation disagrees
d=$TMP/bug.c
if [ -s "$d/F1.expect.json" ]; then
  jq '(.steps[] | select(.values) | .values[] | select(.lhs == "g") | .value) = "7"' \
    "$d/F1.expect.json" > "$d/bad.expect.json"
  (cd "$d" && EREP_TEST=F1 EXPECT=$d/bad.expect.json OUT=$d/bad.got.json \
    timeout 300 gdb -batch -nx -x "$SRC/tests/values_gdb.py" ./prog > /dev/null 2>&1)
  jq -e '.disagree == ["7:g erep 7, gcc 1"]' "$d/bad.got.json" > /dev/null &&
    ok "a wrong value is caught: g = 7 against gcc's 1" ||
    fail "a wrong value: $(cat "$d/bad.got.json" 2>/dev/null)"
fi
if [ -f "$EREP_CORPUS/INDEX.md" ]; then
  K=$EREP_CORPUS/aa/fse12-systemc
  "$EREP" report "$K/copy_mem_slave_tlm.2.c" "$K/copy_mem_slave_tlm.2.c.predicate.assumption_automaton" \
    -o "$TMP/sysc.json" > /dev/null 2>&1 && check systemc "$TMP/sysc.json" || fail "report systemc"
else
  echo "note: corpus not found: the systemc pair is not checked"
fi
finish
