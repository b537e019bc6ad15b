# The value domain decides branches on a union member and on bit-fields
# (tests/data/join/members.c): an odd and an even input write different
# bytes into a union and different bit-fields, and the paths meet in one
# automaton state. After one refinement the domain tracks the union and
# the struct of bit-fields and tells the paths apart by itself: the solver
# is asked only about the candidate traces (the refuted one and the two
# feasible ones), never to decide a branch. Both end locations found, both
# components full, in both data models, and both traces replay with gcc.
. "$(dirname "$0")/lib.sh"
D=$EREP_SRCDIR/tests/data/join
command -v gcov >/dev/null || { echo "skipped: gcov not found"; exit 77; }
command -v python3 >/dev/null || { echo "skipped: python3 not found"; exit 77; }
for dm in ILP32 LP64; do
  $EREP report "$D/members.c" "$D/members.aa.txt" --data-model $dm \
    -o "$TMP/$dm.json" > "$TMP/$dm.out" 2>&1 \
    || { fail "$dm: erep report: $(cat "$TMP/$dm.out")"; continue; }
  python3 - "$TMP/$dm.json" > "$TMP/check.out" 2>&1 <<'PY' \
    && ok "$dm: $(cat "$TMP/check.out")" || fail "$dm: $(cat "$TMP/check.out")"
import json, sys
r = json.load(open(sys.argv[1]))
ends = {"safe": (20, "1"), "frontier": (19, "0")}
for k, (line, inp) in ends.items():
    c = r["components"][k]
    assert c["full"] and c["stopped_by"] is None, (k, c["full"], c["stopped_by"])
    assert len(c["traces"]) == 1, (k, len(c["traces"]))
    t = c["traces"][0]
    assert t["feasibility"] == "feasible" and t["end"]["line"] == line, (k, t["end"])
    assert [i["value"] for i in t["inputs"]] == [inp], (k, t["inputs"])
assert not r["unknown"]
s = r["stats"]
assert s["solver_calls"] == s["infeasible_candidates"] + 2, s
print("both end locations, both full, %d solver calls (%d refuted candidate)"
      % (s["solver_calls"], s["infeasible_candidates"]))
PY
  EREP=$EREP sh "$EREP_SRCDIR/tests/replay.sh" "$D/members.c" "$TMP/$dm.json" > "$TMP/replay.out" 2>&1 \
    && ok "$dm: $(tail -1 "$TMP/replay.out")" || { fail "$dm does not replay"; cat "$TMP/replay.out"; }
done
finish
