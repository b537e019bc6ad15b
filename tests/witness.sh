#!/bin/sh
# SV-COMP witnesses of erep verify (issue #27): with -o DIR a FALSE verdict
# writes DIR/witness.graphml, a violation witness (format 1.0) of its
# counterexample, a TRUE verdict the trivial correctness witness, an
# UNKNOWN one none. Checked: well-formed XML, the graph data the format
# requires, the program's SHA-256, one edge per step, the input as an
# assumption on its call, branches and calls marked. Read back: erep
# report PROGRAM witness.graphml follows the witness (MATCH LINE, CONTROL,
# ENTERFUNCTION and RETURNFROM triggers, staying where no edge matches) and its
# frontier trace is the counterexample to the error; so is Ultimate
# Automizer's witness of test_locks_14 (an older format: no witness-type,
# "negated"), and with the corpus erep's witness of every FALSE task it
# decides in 5 s. A malformed witness is refused with its line.
. "$(dirname "$0")/lib.sh"
command -v jq > /dev/null || { echo "skipped: jq not found"; exit 77; }
SRC=$(cd "${EREP_SRCDIR:-.}" && pwd)
V=$SRC/tests/data/verify
$EREP verify "$V/bug.c" -o "$TMP/f" > "$TMP/out" 2>&1 &&
  grep -q '^violation witness written to .*/witness.graphml' "$TMP/out" ||
  { fail "bug.c: $(cat "$TMP/out")"; finish; }
W=$TMP/f/witness.graphml
if command -v xmllint > /dev/null; then
  xmllint --noout "$W" 2> "$TMP/err" && ok "violation witness: well-formed" ||
    fail "xmllint: $(cat "$TMP/err")"
fi
python3 - "$W" "$V/bug.c" "$TMP/f/counterexample.json" <<'PY' && ok "violation witness: format 1.0 data, path, input, branches, calls" || fail "violation witness content"
import hashlib, json, sys, xml.etree.ElementTree as ET
ns = {"g": "http://graphml.graphdrawing.org/xmlns"}
root = ET.parse(sys.argv[1]).getroot()
keys = {k.get("id") for k in root.findall("g:key", ns)}
graph = root.find("g:graph", ns)
data = {d.get("key"): d.text for d in graph.findall("g:data", ns)}
for k in ("witness-type", "sourcecodelang", "producer", "specification",
          "programfile", "programhash", "architecture", "creationtime"):
    assert k in data and data[k], (k, data)
    assert k in keys, k
assert data["witness-type"] == "violation_witness", data
assert data["specification"] == "CHECK( init(main()), LTL(G ! call(reach_error())) )", data
assert data["programhash"] == hashlib.sha256(open(sys.argv[2], "rb").read()).hexdigest(), data
assert data["architecture"] == "32bit", data
nodes = graph.findall("g:node", ns)
flags = lambda n, k: [d.text for d in n.findall("g:data", ns) if d.get("key") == k]
assert sum(1 for n in nodes if flags(n, "entry") == ["true"]) == 1
assert sum(1 for n in nodes if flags(n, "violation") == ["true"]) == 1
edges = graph.findall("g:edge", ns)
cex = json.load(open(sys.argv[3]))["components"]["frontier"]["traces"][0]
assert len(edges) == len(cex["steps"]), (len(edges), len(cex["steps"]))
ed = [{d.get("key"): d.text for d in e.findall("g:data", ns)} for e in edges]
assert any(e.get("assumption") == "\\result == 42;" and
           e.get("assumption.resultfunction") == "__VERIFIER_nondet_int" for e in ed), ed
assert any(e.get("enterFunction") == "step" for e in ed), ed
assert any(e.get("returnFrom") == "step" for e in ed), ed
assert any(e.get("control") == "condition-true" for e in ed), ed
PY
# read back: the witnessed path, to the error
$EREP report "$V/bug.c" "$W" -o "$TMP/w.json" > "$TMP/out" 2>&1 || fail "report on the witness: $(cat "$TMP/out")"
[ "$(jq -c '[.components.frontier.traces[] | [.steps[-1].edge, .inputs[0].value]]' "$TMP/w.json")" = \
  "$(jq -c '[.components.frontier.traces[0] | [.steps[-1].edge, .inputs[0].value]]' "$TMP/f/counterexample.json")" ] &&
  [ "$(jq '.components.safe.traces | length' "$TMP/w.json")" = 0 ] &&
  ok "report on the witness: one frontier trace, the counterexample's end, x = 42" ||
  fail "witness read back: $(jq -c '[.components[].traces[] | [.id, .steps[-1].line, .inputs]]' "$TMP/w.json")"
(cd "$TMP" && $EREP convert "$W" -o wit.txt > /dev/null 2>&1) &&
  grep -q 'MATCH LINE 15 && MATCH CONTROL "condition-true"\|MATCH LINE [0-9]* && MATCH CONTROL "condition-true"' "$TMP/wit.txt" &&
  grep -q 'MATCH LINE [0-9]* && MATCH ENTERFUNCTION "step"' "$TMP/wit.txt" &&
  grep -q 'MATCH LINE [0-9]* && MATCH RETURNFROM "step"' "$TMP/wit.txt" &&
  $EREP report "$V/bug.c" "$TMP/wit.txt" -o "$TMP/wt.json" > /dev/null 2>&1 &&
  [ "$(jq -c '[.components.frontier.traces[].steps[-1].edge]' "$TMP/wt.json")" = "$(jq -c '[.components.frontier.traces[].steps[-1].edge]' "$TMP/w.json")" ] &&
  ok "...as automaton text (erep convert) it reads and follows the same" ||
  fail "convert: $(head -30 "$TMP/wit.txt" 2>/dev/null | tail -5)"
sed 's|<data key="startline">7</data>|<data key="startline">x7</data>|' "$W" > "$TMP/bad.graphml"
$EREP report "$V/bug.c" "$TMP/bad.graphml" -o "$TMP/bad.json" > "$TMP/out" 2>&1; rc=$?
[ $rc = 2 ] && grep -q "bad.graphml:[0-9]*: startline 'x7' is not a line number" "$TMP/out" && [ ! -e "$TMP/bad.json" ] &&
  ok "a bad startline: exit 2 with its line" || fail "bad startline: rc=$rc $(cat "$TMP/out")"
if [ -f "$EREP_CORPUS/INDEX.md" ]; then
  U=$EREP_CORPUS/witnesses/ultimate
  $EREP report "$U/test_locks_14_false-unreach-call.c" "$U/test_locks_14_false-unreach-call.c-witness.graphml" \
    --time-limit 60 -o "$TMP/u.json" > "$TMP/out" 2>&1 &&
    [ "$(jq -r '.components.frontier.traces[0].steps[-1] | "\(.line) \(.text)"' "$TMP/u.json")" = "217 ERROR: __VERIFIER_error();" ] &&
    ok "Ultimate Automizer's witness of test_locks_14: followed to the error at line 217" ||
    fail "Ultimate's witness: $(tail -3 "$TMP/out")"
  # erep's witness of every FALSE task of the corpus it decides in 5 s
  n=0 good=0
  for p in "$EREP_CORPUS"/cmc2011/*/*BUG*.c "$EREP_CORPUS"/*/*.c; do
    case $p in */cmc2011/*) ;; *)
      y=${p%.c}.yml
      [ -f "$y" ] && python3 -c "import re,sys; t=open(sys.argv[1]).read(); m=re.search(r'unreach-call\.prp\s*\n\s*expected_verdict:\s*false', t); sys.exit(0 if m else 1)" "$y" || continue ;;
    esac
    rm -rf "$TMP/c"
    $EREP verify "$p" --time-limit 5 -o "$TMP/c" > "$TMP/out" 2>/dev/null
    head -1 "$TMP/out" | grep -q '^FALSE' || continue
    n=$((n + 1))
    $EREP report "$p" "$TMP/c/witness.graphml" --time-limit 30 -o "$TMP/cr.json" > "$TMP/rout" 2>&1
    want=$(jq -c '.components.frontier.traces[0].steps[-1].edge' "$TMP/c/counterexample.json")
    if jq -e "[.components.frontier.traces[].steps[-1].edge] | index($want)" "$TMP/cr.json" > /dev/null 2>&1; then
      good=$((good + 1))
    else
      fail "$(basename "$p"): the report on its witness does not reach the counterexample's end: $(tail -2 "$TMP/rout")"
    fi
  done
  [ "$n" -ge 30 ] && [ "$good" = "$n" ] && ok "corpus: the witnesses of all $n FALSE tasks decided in 5 s, read back, reach the error" ||
    fail "corpus witnesses: $good of $n"
else
  echo "note: corpus not found: the corpus witnesses are not read back"
fi

$EREP verify "$V/safe.c" -o "$TMP/t" > "$TMP/out" 2>&1 &&
  grep -q '^correctness witness written' "$TMP/out" &&
  grep -q '<data key="witness-type">correctness_witness</data>' "$TMP/t/witness.graphml" &&
  [ "$(grep -c '<node' "$TMP/t/witness.graphml")" = 1 ] &&
  ok "TRUE: the trivial correctness witness" || fail "safe.c: $(cat "$TMP/out")"
$EREP verify "$V/loop.c" --analysis predicate -o "$TMP/u" > "$TMP/out" 2>&1
head -1 "$TMP/out" | grep -q '^UNKNOWN' && [ ! -e "$TMP/u/witness.graphml" ] &&
  ok "UNKNOWN: no witness" || fail "loop.c: $(head -1 "$TMP/out"; ls "$TMP/u")"
finish
