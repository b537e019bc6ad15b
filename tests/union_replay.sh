# Unions, bit-fields and designated initialisers against gcc: for each
# program of tests/data/union,
# in both data models, erep's report with a depth automaton (the program's
# "depth: N" comment: its N-th decision is the one on the line marked
# "target") has no unknown trace, a feasible trace through the target line
# (the programs reach it only when erep's byte-level view of unions and
# its bit-field layout agree with gcc's: every check on the way returns
# early otherwise), and every feasible trace replays with gcc
# (tests/replay.sh: -m32 for ILP32, native for LP64).
. "$(dirname "$0")/lib.sh"
D=${EREP_SRCDIR:-.}
command -v gcov >/dev/null || { echo "skipped: gcov not found"; exit 77; }
command -v python3 >/dev/null || { echo "skipped: python3 not found"; exit 77; }
# the depth:N automaton of bench/lib.sh
depth_aa() {
  { printf 'OBSERVER AUTOMATON AssumptionAutomaton\n\nINITIAL STATE ARG0;\n\n'
    printf 'STATE __TRUE :\n    TRUE -> GOTO __TRUE;\n\nSTATE __FALSE :\n    TRUE -> GOTO __FALSE;\n\n'
    d_i=0
    while [ $d_i -lt "$1" ]; do
      d_n=$((d_i + 1)); d_to=ARG$d_n; [ $d_n = "$1" ] && d_to=__FALSE
      printf 'STATE USEFIRST ARG%s :\n    MATCH [\\\\[.*] -> GOTO %s;\n    TRUE -> GOTO ARG%s;\n\n' $d_i $d_to $d_i
      d_i=$d_n
    done
    printf 'END AUTOMATON\n'; } > "$2"
}
for p in "$D"/tests/data/union/*.c; do
  b=$(basename "$p" .c)
  n=$(sed -n 's/.*depth: \([0-9]*\).*/\1/p' "$p" | head -1)
  line=$(grep -n '/\* target \*/' "$p" | head -1 | cut -d: -f1)
  depth_aa "$n" "$TMP/$b.aa"
  for dm in ILP32 LP64; do
    $EREP report "$p" "$TMP/$b.aa" --data-model $dm -o "$TMP/$b.$dm.json" > /dev/null 2>&1 \
      || { fail "$b $dm: report"; continue; }
    python3 - "$TMP/$b.$dm.json" "$line" > "$TMP/check.out" <<'PY' \
      && ok "$b $dm: $(cat "$TMP/check.out")" || fail "$b $dm: $(cat "$TMP/check.out")"
import json, sys
r = json.load(open(sys.argv[1]))
line = int(sys.argv[2])
ts = [t for c in ("safe", "frontier") for t in r["components"][c]["traces"]]
unk = [t["id"] + ": " + str(t.get("reason")) for t in ts if t["feasibility"] == "unknown"]
reach = [t["id"] for t in ts if t["feasibility"] == "feasible"
         and any(s.get("line") == line for s in t.get("steps", []))]
if unk or not reach:
    print("unknown: %s; feasible through the target line %d: %s" % (unk, line, reach))
    sys.exit(1)
print("%d traces, %s feasible through the target, none unknown" % (len(ts), ",".join(reach)))
PY
    EREP=$EREP sh "$D/tests/replay.sh" "$p" "$TMP/$b.$dm.json" > "$TMP/replay.out" 2>&1 \
      && ok "$b $dm: $(tail -1 "$TMP/replay.out")" || { fail "$b $dm does not replay"; cat "$TMP/replay.out"; }
  done
done
finish
