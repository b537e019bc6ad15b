#!/bin/sh
# SV-COMP witnesses of erep verify (issue #27): with -o DIR a FALSE verdict
# writes DIR/witness.graphml, a violation witness (format 1.0) of its
# counterexample, a TRUE verdict the trivial correctness witness, an
# UNKNOWN one none. Checked: well-formed XML, the graph data the format
# requires, the program's SHA-256, one edge per step, the input as an
# assumption on its call, branches and calls marked.
. "$(dirname "$0")/lib.sh"
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
$EREP verify "$V/safe.c" -o "$TMP/t" > "$TMP/out" 2>&1 &&
  grep -q '^correctness witness written' "$TMP/out" &&
  grep -q '<data key="witness-type">correctness_witness</data>' "$TMP/t/witness.graphml" &&
  [ "$(grep -c '<node' "$TMP/t/witness.graphml")" = 1 ] &&
  ok "TRUE: the trivial correctness witness" || fail "safe.c: $(cat "$TMP/out")"
$EREP verify "$V/loop.c" --analysis predicate -o "$TMP/u" > "$TMP/out" 2>&1
head -1 "$TMP/out" | grep -q '^UNKNOWN' && [ ! -e "$TMP/u/witness.graphml" ] &&
  ok "UNKNOWN: no witness" || fail "loop.c: $(head -1 "$TMP/out"; ls "$TMP/u")"
finish
