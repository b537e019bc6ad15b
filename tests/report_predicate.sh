# erep report --analysis predicate: the same S, F and unknown end locations
# (and the same completeness) as the explicit analysis on the samples and
# the join cases and programs with pointers (which --sbe refuses, exit 2).
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
same() { # same NAME PROGRAM AA [PREDICATE-ARGS...]
  sm_n=$1 sm_p=$2 sm_a=$3; shift 3
  $EREP report "$sm_p" "$sm_a" -o "$TMP/e.json" > /dev/null || { fail "$sm_n: explicit report"; return; }
  $EREP report "$sm_p" "$sm_a" --analysis predicate "$@" -o "$TMP/p.json" > /dev/null || { fail "$sm_n: predicate report"; return; }
  set -- "$sm_n"
  ends "$TMP/e.json" | grep -v ^analysis > "$TMP/e.txt"
  ends "$TMP/p.json" > "$TMP/p.all"
  grep -q "^analysis predicate" "$TMP/p.all" || fail "$1: analysis name"
  grep -v ^analysis "$TMP/p.all" > "$TMP/p.txt"
  cmp -s "$TMP/e.txt" "$TMP/p.txt" && ok "$1: same end locations" || { fail "$1 differs"; diff "$TMP/e.txt" "$TMP/p.txt"; }
}
for s in loop ifelse call infeasible; do
  same "$s" "$D/samples/$s.c" "$D/samples/$s.aa.txt"
done
# states as BDDs (--bdd): the same end locations
for s in loop call; do
  same "$s --bdd" "$D/samples/$s.c" "$D/samples/$s.aa.txt" --bdd
done
same join "$D/tests/data/join/oddeven.c" "$D/tests/data/join/join.aa.txt"
same tree "$D/tests/data/join/oddeven.c" "$D/tests/data/join/tree.aa.txt"
# programs with pointers or unions: the predicate domain does not model
# them, so only the search without abstraction runs (symbolic execution
# over large blocks, report/run.c); --sbe refuses them
same union "$D/samples/union.c" "$D/samples/union.aa.txt"
same strings "$D/tests/data/fnptr/strings.c" "$D/tests/data/fnptr/strings.aa.txt"
same members "$D/tests/data/join/members.c" "$D/tests/data/join/members.aa.txt"
same choice "$D/tests/data/fnptr/choice.c" "$D/tests/data/fnptr/choice.aa.txt"
expect 2 $EREP report "$D/samples/union.c" "$D/samples/union.aa.txt" --analysis predicate --sbe
# a loop that stays feasible: unrolled until the limit, traces found so
# far, both components partial
$EREP report "$D/tests/data/pblock/unroll.c" "$D/tests/data/pblock/unroll.aa.txt" --analysis predicate \
  --state-limit 300 -o "$TMP/u.json" > /dev/null &&
  python3 - "$TMP/u.json" <<'PY' && ok "unrolled loop: partial, stopped by states" || fail "unrolled loop"
import json, sys
r = json.load(open(sys.argv[1]))
for k in ("safe", "frontier"):
    c = r["components"][k]
    assert not c["full"] and c["stopped_by"] == "states", c
    assert len(c["traces"]) == 1
PY

# Large blocks in product with the automaton (analysis/pblock.h): an
# automaton that enters __FALSE at every N-th condition leaves the loop
# body's block in several states and enters its sink inside the block. The
# end locations are the explicit analysis's and the single-block
# predicate analysis's; the traces are statement-level and replay.
. "$D/bench/lib.sh" # depth_aa N FILE: every N-th condition edge enters __FALSE
L=$D/tests/data/pblock/locks2.c
for n in 3 5 8 12; do
  depth_aa $n "$TMP/d$n.aa"
  same "locks2 depth $n" "$L" "$TMP/d$n.aa"
  $EREP report "$L" "$TMP/d$n.aa" --analysis predicate --sbe -o "$TMP/s.json" > /dev/null &&
    ends "$TMP/s.json" | grep -v ^analysis > "$TMP/s.txt" &&
    cmp -s "$TMP/e.txt" "$TMP/s.txt" && ok "locks2 depth $n: --sbe the same" || fail "locks2 depth $n: --sbe differs"
  python3 - "$TMP/p.json" $n <<'PY' && ok "locks2 depth $n: statement-level steps" || fail "locks2 depth $n: steps"
import json, sys
r = json.load(open(sys.argv[1]))
ts = r["components"]["frontier"]["traces"]
assert ts and not r["unknown"]
for t in ts:
    kinds = {s["kind"] for s in t["steps"]}
    assert kinds <= {"blank", "declaration", "statement", "assume", "call", "return"}, kinds
    conds = sum(1 for s in t["steps"] if s["text"].startswith("["))
    assert conds == int(sys.argv[2]), (t["id"], conds)
    assert t["steps"][-1]["aa_to"] == "__FALSE"
PY
  # large blocks: fewer abstract states than single blocks (4 against 193
  # at depth 5 when this was written)
  python3 -c 'import json,sys; a,b=(json.load(open(f))["stats"]["states"] for f in sys.argv[1:]); sys.exit(not a < b)' \
    "$TMP/p.json" "$TMP/s.json" && ok "locks2 depth $n: fewer states with large blocks" || fail "locks2 depth $n: states"
  if command -v gcc > /dev/null; then
    sh "$D/tests/replay.sh" "$L" "$TMP/p.json" > "$TMP/replay.out" 2>&1 &&
      ok "locks2 depth $n: every trace replays" || { fail "locks2 depth $n: replay"; cat "$TMP/replay.out"; }
    # the suite's own runner agrees (the empty else {} lines have no code)
    rm -rf "$TMP/suite"
    $EREP tests "$TMP/p.json" -o "$TMP/suite" > /dev/null 2>&1 &&
      (cd "$TMP/suite" && sh run.sh > run.out 2>&1) &&
      ok "locks2 depth $n: run.sh reaches every end line" || { fail "locks2 depth $n: run.sh"; cat "$TMP/suite/run.out"; }
  fi
done
# fse12-systemc (corpus), a CPAchecker predicate automaton of 9160 states:
# the predicate analysis finishes with the explicit analysis's end
# locations (F at line 1363, no S), both components full. Measured at about
# 32 s on the development machine (87 s before the abstraction left
# predicates apart from a block unasked, 2e2a984); the limit leaves room for
# a slower one. It also covers a crash once found here (a node whose block
# edges enter sinks one after the other, cut away by a refinement before
# its next block was stepped: exit 139 after about 15 s).
# Under check-asan (EREP_ASAN) erep's own code runs several times slower:
# the 150 s limit left both components partial there, so it gets 900 s.
F=$EREP_CORPUS/aa/fse12-systemc/copy_mem_slave_tlm.2.c
FSE_LIMIT=150
[ -n "$EREP_ASAN" ] && FSE_LIMIT=900
if [ -f "$F" ]; then
  $EREP report "$F" "$F.predicate.assumption_automaton" -o "$TMP/fse-e.json" > /dev/null 2>&1 &&
    ends "$TMP/fse-e.json" | grep -v ^analysis > "$TMP/fse-e.txt" || fail "fse12-systemc: explicit report"
  $EREP report "$F" "$F.predicate.assumption_automaton" --analysis predicate \
    --time-limit "$FSE_LIMIT" -o "$TMP/fse.json" > "$TMP/fse.out" 2>&1
  rc=$?
  [ $rc = 0 ] && ends "$TMP/fse.json" | grep -v ^analysis > "$TMP/fse-p.txt" &&
    cmp -s "$TMP/fse-e.txt" "$TMP/fse-p.txt" &&
    grep -q "frontier \[.*\] True" "$TMP/fse-p.txt" && grep -q "safe \[\] True" "$TMP/fse-p.txt" &&
    ok "fse12-systemc: full, the explicit analysis's end locations" ||
    { fail "fse12-systemc: exit $rc"; diff "$TMP/fse-e.txt" "$TMP/fse-p.txt"; }
  python3 - "$TMP/fse.json" <<'PY' && ok "fse12-systemc: F at line 1363" || fail "fse12-systemc: F"
import json, sys
r = json.load(open(sys.argv[1]))
ends = {t["end"]["line"] for t in r["components"]["frontier"]["traces"]}
assert ends == {1363}, ends
PY
else
  echo "skipped: fse12-systemc: corpus not found"
fi
finish
