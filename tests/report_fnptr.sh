# Function pointers and string literals end to end: reports whose traces
# call through pointers (a known target, a target chosen by an input among
# two address-taken functions, a struct of operations) and read string
# literals; every component full, nothing unknown, and every feasible trace
# replays on the gcc-compiled program (tests/replay.sh). erep cfa lists
# what is still modelled in part.
. "$(dirname "$0")/lib.sh"
D=${EREP_SRCDIR:-.}
F=$D/tests/data/fnptr
command -v gcov >/dev/null || { echo "skipped: gcov not found"; exit 77; }
# summary JSON -> "safe full, frontier full, unknown 0" and the call steps
summary() {
  python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))
c = r["components"]
print("safe %s, frontier %s, unknown %d" % (
    "full" if c["safe"]["full"] else "partial",
    "full" if c["frontier"]["full"] else "partial", len(r["unknown"])))
for k in ("safe", "frontier"):
    for t in c[k]["traces"]:
        print(k, t["id"], " | ".join(s["text"] for s in t["steps"]
                                     if s["text"].startswith("pointer call")))' "$1"
}
for p in choice strings; do
  $EREP report "$F/$p.c" "$F/$p.aa.txt" --traces-per-location 8 -o "$TMP/$p.json" > /dev/null ||
    { fail "report $p"; continue; }
  summary "$TMP/$p.json" > "$TMP/$p.sum"
  head -1 "$TMP/$p.sum" | grep -qx 'safe full, frontier full, unknown 0' &&
    ok "$p: components full, nothing unknown" || fail "$p: $(cat "$TMP/$p.sum")"
  EREP=$EREP sh "$D/tests/replay.sh" "$F/$p.c" "$TMP/$p.json" > "$TMP/replay.out" 2>&1 &&
    ok "$p: $(tail -1 "$TMP/replay.out")" || { fail "$p does not replay"; cat "$TMP/replay.out"; }
done
S=$TMP/choice.sum
# the known pointer follows twice; the unknown one is dec on the safe
# traces (the automaton verified what follows that call) and inc on the
# frontier, both recorded as steps; the struct's operations are followed
grep -q '^safe S1 pointer call(twice) int r = fp(a); | pointer call(dec) r = op(r);$' "$S" &&
  ok "choice: safe trace chooses dec" || fail "choice: safe traces $(cat "$S")"
grep -q '^frontier F1 pointer call(twice) int r = fp(a); | pointer call(inc) r = op(r); | pointer call(my_open) d->open(&st) == 0 | pointer call(my_close) d->close(&st);$' "$S" &&
  ok "choice: frontier trace chooses inc and follows the operations" ||
  fail "choice: frontier traces $(cat "$S")"
# still modelled in part: a wide literal, a pointer that may reach two
# functions without a body; not the narrow literal
$EREP cfa "$F/parts.c" > "$TMP/parts.out" || fail "cfa parts.c"
grep -q '^modelled in part: 2$' "$TMP/parts.out" &&
  grep -q 'parts.c:9: wide string literal' "$TMP/parts.out" &&
  grep -q 'parts.c:11: call through a function pointer that may reach several functions without a body' "$TMP/parts.out" &&
  ok "cfa lists what is modelled in part" || fail "cfa parts.c: $(sed -n '/unsupported/,$p' "$TMP/parts.out")"
finish
