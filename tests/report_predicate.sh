# erep report --analysis predicate: the same S, F and unknown end locations
# (and the same completeness) as the explicit analysis on the samples and
# the join cases; programs with pointers are refused with exit 2.
. "$(dirname "$0")/lib.sh"
D=${EREP_SRCDIR:-.}
ends() {
  python3 - "$1" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
for k in ("safe", "frontier"):
    c = r["components"][k]
    print(k, sorted(set(t["end"]["node"] for t in c["traces"])), c["full"])
print("unknown", sorted(set(t["end"]["node"] for t in r["unknown"])))
print("analysis", r["analysis"]["name"])
PY
}
same() { # same NAME PROGRAM AA
  $EREP report "$2" "$3" -o "$TMP/e.json" > /dev/null || { fail "$1: explicit report"; return; }
  $EREP report "$2" "$3" --analysis predicate -o "$TMP/p.json" > /dev/null || { fail "$1: predicate report"; return; }
  ends "$TMP/e.json" | grep -v ^analysis > "$TMP/e.txt"
  ends "$TMP/p.json" > "$TMP/p.all"
  grep -q "^analysis predicate" "$TMP/p.all" || fail "$1: analysis name"
  grep -v ^analysis "$TMP/p.all" > "$TMP/p.txt"
  cmp -s "$TMP/e.txt" "$TMP/p.txt" && ok "$1: same end locations" || { fail "$1 differs"; diff "$TMP/e.txt" "$TMP/p.txt"; }
}
for s in loop ifelse call infeasible; do
  same "$s" "$D/samples/$s.c" "$D/samples/$s.aa.txt"
done
same join "$D/tests/data/join/oddeven.c" "$D/tests/data/join/join.aa.txt"
same tree "$D/tests/data/join/oddeven.c" "$D/tests/data/join/tree.aa.txt"
expect 2 $EREP report "$D/samples/union.c" "$D/samples/union.aa.txt" --analysis predicate
finish
