# Calls of functions without a body that write through their pointer
# arguments (tests/data/havoc/calls.c): the written values are inputs with
# the way from the argument, only what the arguments reach changes (z keeps
# its value, nondet_int changes nothing), and every feasible trace replays
# under gcc with the harness's definitions of get, fill and fill_arr
# writing the recorded values (tests/replay.sh), in both data models.
. "$(dirname "$0")/lib.sh"
D=${EREP_SRCDIR:-.}
P=$D/tests/data/havoc/calls.c
command -v gcov >/dev/null || { echo "skipped: gcov not found"; exit 77; }
# depth:N automata (bench/lib.sh): every N-th condition enters __FALSE
depth_aa() {
  { printf 'OBSERVER AUTOMATON AssumptionAutomaton\n\nINITIAL STATE ARG0;\n\n'
    printf 'STATE __TRUE :\n    TRUE -> GOTO __TRUE;\n\nSTATE __FALSE :\n    TRUE -> GOTO __FALSE;\n\n'
    i=0
    while [ $i -lt "$1" ]; do
      n=$((i + 1)); to=ARG$n; [ $n = "$1" ] && to=__FALSE
      printf 'STATE USEFIRST ARG%s :\n    MATCH [\\\\[.*] -> GOTO %s;\n    TRUE -> GOTO ARG%s;\n\n' $i $to $i
      i=$n
    done
    printf 'END AUTOMATON\n'; } > "$2"
}
for dm in ILP32 LP64; do
  for d in 4 5; do
    depth_aa $d "$TMP/d$d.txt"
    R=$TMP/$dm-$d.json
    $EREP report "$P" "$TMP/d$d.txt" --data-model $dm -o "$R" > /dev/null ||
      { fail "$dm depth $d: report"; continue; }
    python3 - "$R" $d $dm <<'PY' && ok "$dm depth $d: traces and written inputs" || fail "$dm depth $d: traces"
import json, sys
r = json.load(open(sys.argv[1])); d = int(sys.argv[2]); lp64 = sys.argv[3] == "LP64"
assert r["minor"] >= 2
t = r["components"]["frontier"]["traces"]
assert not r["unknown"], r["unknown"]
# depth 4: a[1] == 9 and its negation; depth 5: only !(*pz != 5), since z
# keeps its value (the call that could change it never got its address)
assert len(t) == (2 if d == 4 else 1), [x["steps"][-1]["text"] for x in t]
if d == 5:
    assert t[0]["steps"][-1]["text"] == "[!(*pz != 5)]", t[0]["steps"][-1]
for x in t:
    assert x["feasibility"] == "feasible"
    w = {i["written"]["object"]: i for i in x["inputs"] if "written" in i}
    assert sorted(w) == ["a[]", "s.n", "x", "y"], sorted(w)
    assert w["x"]["function"] == "get" and w["x"]["value"] == "42"
    assert w["y"]["value"] == "7" and w["s.n"]["value"] == "-1"
    assert w["y"]["written"]["via"] == [8 if lp64 else 4, 0], w["y"]["written"]
    assert w["y"]["written"]["params"] == ["struct S *"]
    assert w["a[]"]["written"]["dims"] == [[3, 4]]
    # nondet_int's result is an ordinary input, no write
    assert [i["function"] for i in x["inputs"] if "written" not in i] == ["nondet_int"]
PY
    # an ILP32 trace's pointer-sized inputs need a 32-bit build to replay
    if [ $dm = ILP32 ] && ! m32_runs; then
      echo "skipped: $dm depth $d replay: gcc -m32 programs do not run here"
      continue
    fi
    EREP=$EREP sh "$D/tests/replay.sh" "$P" "$R" > "$TMP/replay.out" 2>&1 &&
      grep -q "^replay: $((6 - d)) traces\?, $((6 - d)) replayed, 0 failed" "$TMP/replay.out" &&
      ok "$dm depth $d: $(tail -1 "$TMP/replay.out")" ||
      { fail "$dm depth $d does not replay"; cat "$TMP/replay.out"; }
  done
done
finish
