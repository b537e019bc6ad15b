# An automaton that joins an odd-input and an even-input path in one state
# (tests/data/join): only the odd input 3 reaches the safe cone after the
# join. Once Z3 decides branches the explicit values cannot (x * 2 == 6),
# a state covered by the even path must not stand for the odd one, or the
# safe cone is lost; the tree-shaped copy of the automaton shows what the
# report must hold. Both end locations found, both components full.
. "$(dirname "$0")/lib.sh"
D=$EREP_SRCDIR/tests/data/join
for aa in join tree; do
  $EREP report "$D/oddeven.c" "$D/$aa.aa.txt" -o "$TMP/$aa.json" > "$TMP/$aa.out" 2>&1 \
    || { fail "$aa: erep report: $(cat "$TMP/$aa.out")"; continue; }
  python3 - "$TMP/$aa.json" <<'PY' && ok "$aa: safe and frontier end locations found, both full" || fail "$aa: $(cat "$TMP/$aa.out")"
import json, sys
r = json.load(open(sys.argv[1]))
for k in ("safe", "frontier"):
    c = r["components"][k]
    assert c["full"] and c["stopped_by"] is None, (k, c["full"], c["stopped_by"])
    assert len(c["traces"]) == 1 and c["traces"][0]["end"]["line"] == 16, k
s = r["components"]["safe"]["traces"][0]
assert [i["value"] for i in s["inputs"]] == ["3"], s["inputs"]
assert not r["unknown"]
assert not any(w["kind"] == "completeness" for w in r["warnings"])
PY
done
finish
