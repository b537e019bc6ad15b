# erep dot: every view of every sample's report renders with Graphviz, the
# same report gives the same bytes, the pictures say what they should, text
# from the program and automaton is escaped, and bad input exits 2 leaving
# no file.
. "$(dirname "$0")/lib.sh"
command -v dot > /dev/null || { echo "skipped: Graphviz's dot not found"; exit 77; }
cd "${EREP_SRCDIR:-.}" || exit 99

# the trace ids of a report, from erep report's summary ("  S1   ends at")
ids() { awk '/^  [SFU][0-9]+ +ends at/ {print $1}' "$1"; }
# an edge statement as agwrite writes it, up to its first attribute
EDGE='[a-z0-9]* -> [a-z0-9]*[[:space:]]*'
has() { grep -q -- "$2" "$1" && ok "$3" || fail "$3 (no '$2' in $1)"; }

# render FILE.dot with dot; no error, no warning
dot_ok() {
  if dot -Tsvg "$1" -o "$1.svg" 2> "$TMP/dot.err" && [ ! -s "$TMP/dot.err" ] && grep -q '</svg>' "$1.svg"; then
    ok "dot -Tsvg $(basename "$1")"
  else
    fail "dot -Tsvg $(basename "$1"): $(head -3 "$TMP/dot.err")"
  fi
}

for aa in samples/*.aa.txt; do
  p=${aa%.aa.txt}.c; s=$(basename "${aa%.aa.txt}")
  [ -f "$p" ] || continue
  $EREP report "$p" "$aa" -o "$TMP/$s.json" > "$TMP/$s.out" || { fail "report $s"; continue; }
  views="aa cfa"
  for id in $(ids "$TMP/$s.out"); do views="$views trace:$id"; done
  for v in $views; do
    f=$TMP/$s-${v#trace:}
    $EREP dot "$TMP/$s.json" --view "$v" > "$f.dot" 2> "$TMP/err" && [ ! -s "$TMP/err" ] \
      || { fail "$s $v: $(cat "$TMP/err")"; continue; }
    dot_ok "$f.dot"
    $EREP dot "$TMP/$s.json" --view "$v" > "$f.2.dot"
    cmp -s "$f.dot" "$f.2.dot" && ok "$s $v: same DOT twice" || fail "$s $v: DOT differs between runs"
    $EREP dot "$TMP/$s.json" --view "$v" -T svg -o "$f.svg" && grep -q '</svg>' "$f.svg" \
      && ok "$s $v: erep dot -T svg" || fail "$s $v: erep dot -T svg"
    $EREP dot "$TMP/$s.json" --view "$v" -Tsvg > "$f.2.svg"
    cmp -s "$f.svg" "$f.2.svg" && ok "$s $v: same SVG twice" || fail "$s $v: SVG differs between runs"
  done
  # the automaton: sinks marked, the traces' transitions coloured
  has "$TMP/$s-aa.dot" 'label=__TRUE' "$s aa: __TRUE shown"
  if grep -q '^  F[0-9]' "$TMP/$s.out"; then
    has "$TMP/$s-aa.dot" 'label=__FALSE' "$s aa: __FALSE shown"
    has "$TMP/$s-aa.dot" "$EDGE"'\[color=\(red\|"darkgreen:red"\),' "$s aa: frontier transitions red"
    has "$TMP/$s-cfa.dot" "$EDGE"'\[color=\(red\|"darkgreen:red"\),' "$s cfa: frontier edges red"
  fi
  if grep -q '^  S[0-9]' "$TMP/$s.out"; then
    has "$TMP/$s-aa.dot" "$EDGE"'\[color=\(darkgreen\|"darkgreen:red"\),' "$s aa: safe transitions green"
    has "$TMP/$s-cfa.dot" "$EDGE"'\[color=\(darkgreen\|"darkgreen:red"\),' "$s cfa: safe edges green"
  fi
  has "$TMP/$s-aa.dot" 'all [0-9]* states' "$s aa: small automaton drawn whole"
  has "$TMP/$s-cfa.dot" 'cluster_legend' "$s cfa: legend"
  has "$TMP/$s-cfa.dot" 'cluster_f0' "$s cfa: a cluster per function"
done

# exact content on the ifelse sample: the then-branch is verified, the
# else-branch unexplored, and F1 reads x and falls into __FALSE at line 7
R=$TMP/ifelse.json
has "$TMP/ifelse-cfa.dot" 'fillcolor=palegreen' "ifelse cfa: verified colour"
has "$TMP/ifelse-cfa.dot" 'fillcolor=lightsalmon' "ifelse cfa: unexplored colour"
has "$TMP/ifelse-cfa.dot" 'fillcolor=lightblue' "ifelse cfa: visited colour"
has "$TMP/ifelse-cfa.dot" '"7: \[x > 10\]"' "ifelse cfa: edge label with line and raw text"
has "$TMP/ifelse-F1.dot" 'input 0: __VERIFIER_nondet_int = -\?[0-9]* (int)' "ifelse F1: the input on its step"
has "$TMP/ifelse-F1.dot" 'assume: \[!(x > 10)\]\\lautomaton ARG3 -> __FALSE' "ifelse F1: last step into __FALSE"
has "$TMP/ifelse-F1.dot" 'line 7  main' "ifelse F1: line and function"
key=$(grep -o '"key": "F-[0-9a-f]*"' "$R" | head -1 | cut -d'"' -f4)
$EREP dot "$R" --view "trace:$key" > "$TMP/bykey.dot" && cmp -s "$TMP/bykey.dot" "$TMP/ifelse-F1.dot" \
  && ok "trace by stable key" || fail "trace by key $key"
$EREP dot "$R" > "$TMP/default.dot" && cmp -s "$TMP/default.dot" "$TMP/ifelse-aa.dot" \
  && ok "default view: aa" || fail "default view"
# the loop sample: transitions both components take carry both colours
has "$TMP/loop-aa.dot" "$EDGE"'\[color="darkgreen:red",' "loop aa: shared transitions in both colours"

# formats: from -T, else from -o's extension
$EREP dot "$R" --view cfa -o "$TMP/x.png" && [ "$(head -c 4 "$TMP/x.png" | tail -c 3)" = PNG ] \
  && ok "-o x.png writes PNG" || fail "-o x.png"
$EREP dot "$R" --view cfa -o "$TMP/x.svg" && grep -q '</svg>' "$TMP/x.svg" && ok "-o x.svg writes SVG" || fail "-o x.svg"
# --around: the states near one state or one trace; misuse is exit 2
$EREP dot "$R" --around F1 --depth 0 -o "$TMP/ar.dot" > "$TMP/out" 2>&1 &&
  grep -q 'states within 0 transitions of F1' "$TMP/ar.dot" &&
  ok "--around F1: the states the trace passes" || fail "--around F1: $(cat "$TMP/out")"
first=$(sed -n 's/^STATE \(USEFIRST \|USEALL \)*\([A-Za-z0-9_]*\).*/\2/p' samples/ifelse.aa.txt | head -1)
$EREP dot "$R" --around "$first" --depth 1 -o "$TMP/ar1.dot" > "$TMP/out" 2>&1 &&
  grep -q "states within 1 transition of $first" "$TMP/ar1.dot" &&
  ok "--around $first --depth 1" || fail "--around $first: $(cat "$TMP/out")"
for bad in "--around nosuch" "--depth 3" "--view cfa --around F1"; do
  $EREP dot "$R" $bad -o "$TMP/bad.dot" > "$TMP/out" 2>&1; rc=$?
  [ $rc = 2 ] && [ ! -e "$TMP/bad.dot" ] && ok "dot $bad: exit 2" ||
    fail "dot $bad: rc=$rc $(cat "$TMP/out")"
done
# one function's CFA: its nodes only, with coverage; an unknown name lists them
$EREP dot "$R" --view cfa:main -o "$TMP/main.dot" > "$TMP/out" 2>&1 &&
  grep -q 'function main only' "$TMP/main.dot" && ! grep -q cluster_globals "$TMP/main.dot" &&
  [ "$(grep -c 'fillcolor' "$TMP/main.dot")" -gt 0 ] &&
  ok "cfa:main: one function, coloured" || fail "cfa:main: $(cat "$TMP/out")"
$EREP dot "$R" --view cfa:nosuch -o "$TMP/ns.dot" > "$TMP/out" 2>&1; rc=$?
[ $rc = 2 ] && grep -q "no function 'nosuch' (it has .*main" "$TMP/out" && [ ! -e "$TMP/ns.dot" ] &&
  ok "cfa:nosuch: exit 2, the functions listed" || fail "cfa:nosuch: rc=$rc $(cat "$TMP/out")"
$EREP dot "$R" --view cfa -o "$TMP/x.gv" && cmp -s "$TMP/x.gv" "$TMP/ifelse-cfa.dot" && ok "-o x.gv writes DOT" || fail "-o x.gv"
$EREP dot "$R" --view cfa -T dot -o "$TMP/x.svg" && cmp -s "$TMP/x.svg" "$TMP/ifelse-cfa.dot" && ok "-T beats the extension" || fail "-T dot -o x.svg"

# the trace over the CFA: the loop sample's frontier trace goes round the
# loop twice, so the edges in it carry two step numbers; the exit edges it
# does not take are grey; an unknown id is refused
cp samples/loop.c samples/loop.aa.txt "$TMP/" && chmod u+w "$TMP"/loop.*
(cd "$TMP" && $EREP report loop.c loop.aa.txt -o loop.json > /dev/null 2>&1) || fail "report loop.c"
(cd "$TMP" && $EREP dot loop.json --view trace-cfa:F1 > tc.dot) || fail "trace-cfa:F1"
grep -q 'label="trace F1 (frontier, 19 steps) over the CFA of the 1 function it passes' "$TMP/tc.dot" &&
  ok "trace-cfa:F1: the title" || fail "trace-cfa title: $(grep -m1 'label="trace' "$TMP/tc.dot")"
grep -q 'label="#8 #14 7: 1"' "$TMP/tc.dot" && grep -q 'label="#12 #18 13: n = n + 1;"' "$TMP/tc.dot" &&
  ok "...the loop's edges numbered by both rounds" || fail "...loop edges: $(grep -c '#' "$TMP/tc.dot")"
grep -A2 'label="10: \[x > 1000\]"' "$TMP/tc.dot" | grep -q 'color=grey75' &&
  ok "...an edge it does not take in grey" || fail "...not-taken edge: $(grep -A2 'x > 1000' "$TMP/tc.dot" | head -4)"
grep -q 'tooltip="edge [0-9]*, line 13: n = n + 1;\\nstep 12: ' "$TMP/tc.dot" &&
  ok "...the steps' automaton states in the tooltip" || fail "...tooltip: $(grep -m1 'n = n + 1' "$TMP/tc.dot")"
(cd "$TMP" && $EREP dot loop.json --view trace-cfa:F1 -o tc.svg) && grep -q '<svg' "$TMP/tc.svg" &&
  ok "...as SVG" || fail "trace-cfa svg"
(cd "$TMP" && $EREP dot loop.json --view trace-cfa:F9 > /dev/null 2> tc.err); rc=$?
[ $rc = 2 ] && grep -q "no trace 'F9'" "$TMP/tc.err" && ok "trace-cfa:F9: exit 2, no such trace" ||
  fail "trace-cfa:F9: rc=$rc $(cat "$TMP/tc.err")"

# the automaton view draws a chain of single-successor states (one way on,
# a catch-all where the next one's goes) as one node, its MATCH texts in
# the tooltip
(cd "$TMP" && $EREP dot loop.json --view aa > laa.dot) || fail "loop aa"
grep -q 'label="ARG0 ... ARG8\\n9 states in a chain"' "$TMP/laa.dot" &&
  grep -q 'states in chains of single-successor states drawn as one node' "$TMP/laa.dot" &&
  ok "aa: chains of single-successor states as one node" ||
  fail "aa chains: $(grep -c 'in a chain' "$TMP/laa.dot") chain nodes"
(cd "$TMP" && $EREP dot loop.json --view aa -T svg -o laa.svg) && ok "...drawn" || fail "aa chains svg"

# a trace of more than 60 nodes folds the calls deeper than it can show
# (3D boxes), --depth N says how deep; a short one is drawn whole
(cd "$TMP" && $EREP dot loop.json --view trace:F1 > lt.dot) && ! grep -q 'box3d\|calls deeper than' "$TMP/lt.dot" &&
  ok "trace: a short trace has no call folded" || fail "short trace folded"
# an automaton of more states than drawn whole, whose traces pass more
# nodes than fit: folded along the traces, a node per run in one function,
# calls folded into 3D boxes; the PNG fits a screen
F=$EREP_SRCDIR/tests/data/dotfold/calls.c
cp "$F" "$TMP/calls.c"
(cd "$TMP" && $EREP verify calls.c --analysis explicit --state-limit 600 -o cv > /dev/null 2>&1 &&
  $EREP report calls.c cv/automaton.txt -o cr.json > /dev/null &&
  $EREP dot cr.json --view aa > cf.dot && $EREP dot cr.json --view aa -o cf.png) ||
  fail "calls.c: automaton, report or aa view"
nodes=$(grep -c 'states\?, line' "$TMP/cf.dot")
tr -d '\\\n' < "$TMP/cf.dot" | grep -q 'folded along the traces to fit' && grep -q 'box3d' "$TMP/cf.dot" &&
  grep -q 'label="call to step' "$TMP/cf.dot" && grep -q 'branch off' "$TMP/cf.dot" &&
  [ "$nodes" -le 40 ] && [ "$nodes" -ge 10 ] &&
  ok "aa: folded along the traces ($nodes run nodes, calls as 3D boxes)" ||
  fail "aa fold: $nodes run nodes: $(grep -o 'folded along[^\\]*' "$TMP/cf.dot")"
! grep -q 'label="TRUE' "$TMP/cf.dot" &&
  ok "...catch-alls into __TRUE no trace takes are not drawn" || fail "fold: untaken catch-alls drawn"
python3 - "$TMP/cf.png" <<'PY' && ok "...its PNG fits a screen (under 4000 px)" || fail "folded aa PNG too large"
import struct, sys
w, h = struct.unpack(">II", open(sys.argv[1], "rb").read()[16:24])
print("calls.c aa as PNG: %dx%d" % (w, h))
sys.exit(0 if max(w, h) < 4000 else 1)
PY

# the whole program's CFA past 400 nodes is refused as a picture, with
# its largest functions to draw one by one; DOT has no bound
{ echo 'int g(int x) {'; i=0; while [ $i -lt 150 ]; do echo "  x = x + $i;"; i=$((i + 1)); done
  echo '  return x; }'; echo 'int main(void) { int x = 0;'
  i=0; while [ $i -lt 300 ]; do echo "  x = x * 3 + $i;"; i=$((i + 1)); done
  echo '  return g(x); }'; } > "$TMP/big.c"
(cd "$TMP" && $EREP verify big.c --analysis explicit -o bigv --report > /dev/null 2>&1) || fail "verify big.c"
(cd "$TMP" && $EREP dot bigv/report.json --view cfa -T svg -o big.svg > bigout 2>&1); rc=$?
[ $rc = 2 ] && [ ! -e "$TMP/big.svg" ] && grep -q 'cfa view has [0-9]* nodes.*--view cfa:FUNCTION (the largest: main [0-9]* nodes, g [0-9]* nodes)' "$TMP/bigout" &&
  ok "cfa of 450 statements: refused as a picture, the largest functions named" ||
  fail "big cfa: rc=$rc $(cat "$TMP/bigout")"
(cd "$TMP" && $EREP dot bigv/report.json --view cfa -o big.dot && $EREP dot bigv/report.json --view cfa:g -T svg -o g.svg) &&
  ok "...as DOT, and one function as SVG: drawn" || fail "big cfa as DOT or cfa:g"

if [ -f "$EREP_CORPUS/INDEX.md" ]; then
  K=$EREP_CORPUS/aa/fse12-systemc
  (cd "$TMP" && $EREP report "$K/copy_mem_slave_tlm.2.c" "$K/copy_mem_slave_tlm.2.c.predicate.assumption_automaton" -o sc.json > /dev/null 2>&1 &&
    $EREP dot sc.json --view trace:F1 -o sc.png && $EREP dot sc.json --view trace:F1 > sc.dot) || fail "systemc trace picture"
  python3 - "$TMP/sc.png" <<'PY' && grep -q 'calls deeper than 0 folded' "$TMP/sc.dot" &&
import struct, sys
w, h = struct.unpack(">II", open(sys.argv[1], "rb").read()[16:24])
print("systemc F1 as PNG: %dx%d" % (w, h))
sys.exit(0 if max(w, h) < 4000 else 1)
PY
    ok "systemc trace F1 (1288 steps): its PNG fits a screen (under 4000 px), calls folded" ||
    fail "systemc trace picture too large"
  (cd "$TMP" && $EREP dot sc.json --view trace:F1 --depth 2 > sc2.dot) &&
    grep -q 'calls deeper than 2 folded' "$TMP/sc2.dot" &&
    [ "$(grep -c 'label="#' "$TMP/sc2.dot")" -gt "$(grep -c 'label="#' "$TMP/sc.dot")" ] &&
    ok "...--depth 2 unfolds more" || fail "--depth 2 on the systemc trace"
  (cd "$TMP" && $EREP dot sc.json --view aa -o sca.png && $EREP dot sc.json --view aa > sca.dot) ||
    fail "systemc automaton picture"
  python3 - "$TMP/sca.png" <<'PY' && tr -d '\\\n' < "$TMP/sca.dot" | grep -q 'calls deeper than [0-9] folded' &&
import struct, sys
w, h = struct.unpack(">II", open(sys.argv[1], "rb").read()[16:24])
print("systemc automaton as PNG: %dx%d" % (w, h))
sys.exit(0 if max(w, h) < 4000 else 1)
PY
    ok "systemc automaton (9160 states, a 1288-step trace): its PNG fits a screen, folded" ||
    fail "systemc automaton picture too large"
else
  echo "note: corpus not found: the systemc trace picture is not checked"
fi

# text from program and automaton: control characters, C1 and bidi
# controls, invalid UTF-8 (in an unreached state: reports carry only valid
# UTF-8), quotes and backslashes reach no file raw and show as written
E=$TMP/esc
printf 'int __VERIFIER_nondet_int();\nint main() {\n  char *s = "a\033]0;T\007\302\205\342\200\256\\"q\\\\";\n  int x = __VERIFIER_nondet_int();\n  if (x) { return 1; }\n  return 0;\n}\n' > "$E.c"
printf 'OBSERVER AUTOMATON AssumptionAutomaton\nINITIAL STATE ARG0;\nSTATE __TRUE :\n  TRUE -> GOTO __TRUE;\nSTATE __FALSE :\n  TRUE -> GOTO __FALSE;\nSTATE USEFIRST ARG0 :\n  MATCH "" -> GOTO ARG1;\nSTATE USEFIRST ARG1 :\n  MATCH "int __VERIFIER_nondet_int();" -> GOTO ARG2;\nSTATE USEFIRST ARG2 :\n  MATCH "int main()" -> GOTO ARG3;\nSTATE USEFIRST ARG3 :\n  MATCH "" -> GOTO ARG4;\nSTATE USEFIRST ARG4 :\n  MATCH "char *s = \\"a\033]0;T\007\302\205\342\200\256\\\\\\"q\\\\\\\\\\";" -> GOTO ARG5;\nSTATE USEFIRST ARG5 :\n  MATCH "int x = __VERIFIER_nondet_int();" -> GOTO ARG6;\nSTATE USEFIRST ARG6 :\n  MATCH "int x = __VERIFIER_nondet_int();" -> GOTO ARG7;\nSTATE USEFIRST ARG7 :\n  MATCH "[x]" -> GOTO __FALSE;\n  MATCH "[!(x)]" -> GOTO __TRUE;\nSTATE USEFIRST ARG99 :\n  MATCH "bad\377\033[2J" -> GOTO __TRUE;\nEND AUTOMATON\n' > "$E.aa.txt"
(cd "$TMP" && $EREP report esc.c esc.aa.txt -o esc.json > esc.out) || fail "report on the escaping program"
grep -q '^frontier *1 trace, full' "$TMP/esc.out" || fail "escaping program: one frontier trace: $(cat "$TMP/esc.out")"
for v in aa cfa trace:F1 trace-cfa:F1; do
  (cd "$TMP" && $EREP dot esc.json --view $v > "esc-${v#trace:}.dot" && $EREP dot esc.json --view $v -T svg > "esc-${v#trace:}.svg") \
    || { fail "esc $v"; continue; }
  for f in "$TMP/esc-${v#trace:}.dot" "$TMP/esc-${v#trace:}.svg"; do
    if LC_ALL=C grep -q $'[\x01-\x08\x0b\x0c\x0e-\x1f\x7f\xff]\|\xc2\x85\|\xe2\x80\xae' "$f"; then
      fail "esc $v: raw control or invalid bytes in $(basename "$f")"
    else
      ok "esc $v: $(basename "$f") clean"
    fi
  done
  dot_ok "$TMP/esc-${v#trace:}.dot"
done
# Graphviz shows the text as the source has it: \e, \a, \u..., \" and \\
has "$TMP/esc-cfa.svg" 'char \*s = &quot;a\\e\]0;T\\a\\u0085\\u202e\\&quot;q\\\\&quot;;' "esc cfa: label shows the source"
has "$TMP/esc-cfa.svg" 'xlink:title="edge [0-9]*, declaration, line 3: char \*s = &quot;a\\e\]0;T\\a\\u0085\\u202e\\&quot;q\\\\&quot;;' "esc cfa: tooltip shows the source"
has "$TMP/esc-aa.svg" 'MATCH &quot;bad\\xff\\e\[2J&quot;' "esc aa: invalid UTF-8 in the automaton escaped"
has "$TMP/esc-F1.svg" 'char \*s = &quot;a\\e' "esc F1: step text escaped (in a folded run's tooltip)"

# bad input: exit 2, a message, no file, an existing file untouched
bad() { # bad WHAT PATTERN ARGS...: exit 2, message matching PATTERN, no -o file
  what=$1 pat=$2; shift 2
  rm -f "$TMP/out.dot"
  $EREP dot "$@" -o "$TMP/out.dot" 2> "$TMP/err"; rc=$?
  if [ $rc = 2 ] && grep -q -- "$pat" "$TMP/err" && [ ! -e "$TMP/out.dot" ]; then
    ok "$what: exit 2, no file"
  else
    fail "$what: rc=$rc, $(cat "$TMP/err"), file $(ls "$TMP/out.dot" 2> /dev/null)"
  fi
}
bad "unknown view" "unknown view 'nope'" "$R" --view nope
bad "empty trace id" "unknown view" "$R" --view trace:
bad "unknown trace" "no trace with id or key 'F9' (it has S1, F1)" "$R" --view trace:F9
bad "missing report" "nothing.json" "$TMP/nothing.json"
echo '{"format": "erep-report", "version": 1}' > "$TMP/notreport.json"
bad "not a report" "notreport.json" "$TMP/notreport.json"
echo 'not json' > "$TMP/notjson.json"
bad "not JSON" "not valid JSON" "$TMP/notjson.json"
bad "bad format" "--format must be one of dot|svg|png" "$R" -T bmp
cp "$TMP/ifelse-aa.dot" "$TMP/keep.dot"
$EREP dot "$R" --view nope -o "$TMP/keep.dot" 2> /dev/null
cmp -s "$TMP/keep.dot" "$TMP/ifelse-aa.dot" && ok "failed run keeps an existing file" || fail "existing file changed"
ls -A "$TMP" | grep -q '^\.' && fail "temporary files left behind: $(ls -A "$TMP")"

# a changed program or automaton: refused, or a warning with --no-hash-check
mkdir "$TMP/w" && cp samples/ifelse.c samples/ifelse.aa.txt "$TMP/w/"
(
  cd "$TMP/w" || exit 1
  $EREP report ifelse.c ifelse.aa.txt -o r.json > /dev/null
  echo '/* edited */' >> ifelse.c
  $EREP dot r.json --view trace:F1 -o t.dot 2> err; rc=$?
  [ $rc = 2 ] && grep -q 'changed' err && [ ! -e t.dot ] && echo "ok: changed program: exit 2, no file" \
    || echo "FAIL: changed program: rc=$rc $(cat err)"
  $EREP dot r.json --view trace:F1 --no-hash-check -o t.dot 2> err; rc=$?
  [ $rc = 0 ] && grep -q 'warning' err && [ -s t.dot ] && echo "ok: --no-hash-check: trace drawn with a warning" \
    || echo "FAIL: --no-hash-check trace: rc=$rc $(cat err)"
  # the report carries its source (minor 3): the pictures are of it
  $EREP dot r.json --view cfa --no-hash-check -o c.dot 2> err; rc=$?
  [ $rc = 0 ] && grep -q 'warning' err && ! grep -q 'may not fit' c.dot &&
    ! grep -q 'edited' c.dot && echo "ok: --no-hash-check: cfa of the report's own source" \
    || echo "FAIL: --no-hash-check cfa: rc=$rc $(cat err)"
  $EREP dot r.json --view aa --no-hash-check -o a.dot 2> err; rc=$?
  [ $rc = 0 ] && ! grep -q 'matched to transitions by text' a.dot && grep -q 'color=red' a.dot \
    && echo "ok: --no-hash-check: aa on the report's own source" || echo "FAIL: --no-hash-check aa: rc=$rc $(cat err)"
  # a report without it (minor 2): the changed file, as before
  jq 'del(.program.source, .automaton.source) | .minor = 2' r.json > old.json
  $EREP dot old.json --view cfa --no-hash-check -o c.dot 2> err; rc=$?
  [ $rc = 0 ] && grep -q 'may not fit' c.dot && echo "ok: minor 2, --no-hash-check: cfa notes the change" \
    || echo "FAIL: minor 2 --no-hash-check cfa: rc=$rc $(cat err)"
  $EREP dot old.json --view aa --no-hash-check -o a.dot 2> err; rc=$?
  [ $rc = 0 ] && grep -q 'matched to transitions by text' a.dot && grep -q 'color=red' a.dot \
    && echo "ok: minor 2, --no-hash-check: aa found the transitions by text" || echo "FAIL: minor 2 --no-hash-check aa: rc=$rc $(cat err)"
  rm ifelse.c
  $EREP dot r.json --view cfa -o c2.dot 2> err; rc=$?
  [ $rc = 0 ] && [ -s c2.dot ] && echo "ok: missing program: cfa of the report's source" \
    || echo "FAIL: missing program cfa: rc=$rc $(cat err)"
  $EREP dot old.json --view cfa --no-hash-check -o c3.dot 2> err; rc=$?
  [ $rc = 2 ] && grep -q 'cannot be read' err && [ ! -e c3.dot ] && echo "ok: minor 2, missing program: cfa exit 2" \
    || echo "FAIL: minor 2 missing program cfa: rc=$rc $(cat err)"
  exit 0
) > "$TMP/w.log"
cat "$TMP/w.log"
fails=$((fails + $(grep -c '^FAIL' "$TMP/w.log")))
mkdir "$TMP/a" && cp samples/ifelse.c samples/ifelse.aa.txt "$TMP/a/"
(
  cd "$TMP/a" || exit 1
  $EREP report ifelse.c ifelse.aa.txt -o r.json > /dev/null
  echo '// edited' >> ifelse.aa.txt
  $EREP dot r.json --view aa -o a.dot 2> err; rc=$?
  [ $rc = 2 ] && grep -q 'automaton ifelse.aa.txt has changed' err && [ ! -e a.dot ] \
    && echo "ok: changed automaton: aa exit 2, no file" || echo "FAIL: changed automaton: rc=$rc $(cat err)"
  $EREP dot r.json --view trace:S1 -o t.dot 2> err && echo "ok: changed automaton: trace view still drawn" \
    || echo "FAIL: trace with changed automaton: $(cat err)"
  $EREP dot r.json --view aa --no-hash-check -o a.dot 2> err && grep -q warning err \
    && echo "ok: changed automaton with --no-hash-check: warning" || echo "FAIL: aa --no-hash-check: $(cat err)"
) > "$TMP/a.log"
cat "$TMP/a.log"
fails=$((fails + $(grep -c '^FAIL' "$TMP/a.log")))
finish
