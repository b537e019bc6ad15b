#!/bin/sh
# Traces that reach undefined behaviour (issue #26): a class of their own,
# not "unknown". On tests/data/undefined/ub.c the path into `y = 2;` reads
# through NULL at line 11: its trace is feasible up to that step (the
# solver's model proves it and gives the input), lists under "undefined"
# (format minor 4) with the step and what is undefined; the other ends
# keep their feasible traces. The views know the class: the summary groups
# by the undefined operation, dot draws the trace, html lists it, diff
# counts it, and erep tests exports it as a test that ends there (run.sh
# reaches the line; with EREP_SANITIZE=1 gcc's sanitizer reports the
# defect). A report whose undefined_step is no step of its trace is
# refused. An unknown trace names the step where its proof stopped.
. "$(dirname "$0")/lib.sh"
SRC=$(cd "${EREP_SRCDIR:-.}" && pwd)
EREP=$(cd "$(dirname "$EREP")" && pwd)/$(basename "$EREP")
command -v jq > /dev/null || { echo "skipped: jq not found"; exit 77; }
D=$SRC/tests/data/undefined
cd "$TMP" || exit 99
cp "$D/ub.c" "$D/ub.aa.txt" . && chmod u+w ub.c ub.aa.txt
$EREP report ub.c ub.aa.txt -o r.json > out 2>&1 || { fail "report: $(cat out)"; finish; }
R=r.json
jq -e '.minor >= 4' $R > /dev/null && ok "minor 4" || fail "minor $(jq .minor $R)"
[ "$(jq '.undefined | length' $R)" = 1 ] && [ "$(jq '.unknown | length' $R)" = 0 ] &&
  ok "one undefined trace, no unknown one" ||
  fail "undefined $(jq '.undefined | length' $R), unknown $(jq '.unknown | length' $R)"
t='.undefined[0]'
[ "$(jq -r "$t.id, $t.feasibility, $t.component, $t.reason" $R | tr '\n' '|')" = \
  "UB1|undefined|frontier|invalid pointer dereference at line 11|" ] &&
  ok "UB1: a frontier candidate, undefined: invalid pointer dereference at line 11" ||
  fail "UB1: $(jq -c "$t | {id, feasibility, component, reason}" $R)"
step=$(jq "$t.undefined_step" $R)
[ "$(jq -r "$t.steps[$step].line, $t.steps[$step].text" $R | tr '\n' '|')" = '11|x = *p;|' ] &&
  [ "$(jq "$t.steps | length" $R)" = $((step + 1)) ] &&
  ok "...its steps end at the undefined one (step $step: x = *p;)" ||
  fail "...step $step: $(jq -c "$t.steps[-1]" $R), $(jq "$t.steps | length" $R) steps"
# the undefined step assigns nothing the program computes: no value there
[ "$(jq "[$t.steps[$step].values // [] | length] | add" $R)" = 0 ] &&
  [ "$(jq "[$t.steps[].values // empty] | length" $R)" -gt 0 ] &&
  ok "...its values stop before the undefined step" ||
  fail "...values at the undefined step: $(jq -c "$t.steps[$step].values" $R)"
x=$(jq -r "$t.inputs[0].value" $R)
[ "$(jq "$t.inputs | length" $R)" = 1 ] && [ "$x" -gt 5 ] &&
  ok "...its input takes the branch (x = $x > 5)" || fail "...inputs $(jq -c "$t.inputs" $R)"
[ "$(jq -r '[.components.frontier.traces[].end.line, .components.safe.traces[].end.line] | join(",")' $R)" = 15,16 ] &&
  ok "the other ends keep their feasible traces (F1 at 15, S1 at 16)" ||
  fail "components: $(jq -c '[.components[].traces[] | {id, end}]' $R)"
grep -q '^undefined  1 trace' out && grep -q 'UB1  line 12: invalid pointer dereference at line 11' out &&
  ok "the summary lists it under undefined" || { fail "summary:"; sed 's/^/  | /' out; }
# the same report once more: the same key (deterministic)
$EREP report ub.c ub.aa.txt -o r2.json > /dev/null 2>&1 &&
  [ "$(jq -r "$t.key" r2.json)" = "$(jq -r "$t.key" $R)" ] &&
  jq -r "$t.key" $R | grep -q '^UB-[0-9a-f]\{16\}$' &&
  ok "a stable key UB-..." || fail "keys $(jq -r "$t.key" $R) / $(jq -r "$t.key" r2.json)"

# explicit values search under abstraction: the refinement from the
# undefined candidate tracks p, the next round ends the path at `x = *p;`,
# and the location behind is settled (the previous build: partial, by
# precision)
[ "$(jq -r '[.components[].full] | all' $R)" = true ] && [ "$(jq .stats.refinements $R)" -ge 1 ] &&
  ok "explicit: both components full, after $(jq .stats.refinements $R) refinement(s)" ||
  fail "explicit components: $(jq -c '[.components[] | {full, stopped_by}]' $R)"
# large blocks: the block path's undefined step found again at statement
# level; the exact search settles the location, so the frontier is full
$EREP report ub.c ub.aa.txt --analysis predicate -o p.json > out 2>&1 || fail "predicate: $(cat out)"
[ "$(jq -r "$t.id, $t.reason, $t.steps[$t.undefined_step].text, $t.end.line" p.json | tr '\n' '|')" = \
  "UB1|invalid pointer dereference at line 11|x = *p;|12|" ] &&
  ok "predicate (large blocks): UB1 at the statement x = *p;, its end line 12" ||
  fail "predicate: $(jq -c "$t | {id, reason, undefined_step, end}" p.json)"
[ "$(jq -r '[.components[].full] | all' p.json)" = true ] && [ "$(jq '.unknown | length' p.json)" = 0 ] &&
  ok "...both components full: its candidates are feasible, infeasible or undefined" ||
  fail "...components $(jq -c '[.components[] | {full, stopped_by}]' p.json)"

# pointers into no object in many shapes (ptrs.c): the explicit analysis
# agrees with the search without abstraction (predicate, LBE) on every
# end: the same feasible traces, the same undefined ones, both full
cp "$D/ptrs.c" "$D/ptrs.aa.txt" . && chmod u+w ptrs.c ptrs.aa.txt
ends() { jq -r '[(.components.safe.traces[], .components.frontier.traces[]) | "\(.id)@\(.end.line)"] + [.undefined[] | "UB@\(.end.line):\(.reason)"] | sort | join(" ")' "$1"; }
for dm in LP64 ILP32; do
  $EREP report ptrs.c ptrs.aa.txt --data-model $dm --analysis explicit -o pe.json > out 2>&1 || fail "ptrs explicit: $(cat out)"
  $EREP report ptrs.c ptrs.aa.txt --data-model $dm --analysis predicate -o pp.json > out 2>&1 || fail "ptrs predicate: $(cat out)"
  [ "$(jq -r '[.components[].full] | all' pe.json)" = true ] && [ "$(jq '.unknown | length' pe.json)" = 0 ] &&
    ok "ptrs.c ($dm): explicit, both components full, no unknown trace" ||
    fail "ptrs.c ($dm) explicit: $(jq -c '[.components[] | {full, stopped_by}], (.unknown | length)' pe.json)"
  [ "$(ends pe.json)" = "$(ends pp.json)" ] && [ "$(jq '.undefined | length' pe.json)" = 5 ] &&
    ok "...the same ends as predicate: $(ends pe.json | cut -c1-60)..." ||
    fail "...explicit $(ends pe.json) / predicate $(ends pp.json)"
done
# the defined ends are kept: a member's address of NULL (no access), the
# guarded access, a pointer set to an object, the branch a NULL test cuts
[ "$(jq -r '[.components.safe.traces[].end.line] | sort | join(",")' pe.json)" = 25,27,28 ] &&
  ok "...the defined ends keep their traces (lines 25, 27, 28)" ||
  fail "...safe ends $(jq -c '[.components.safe.traces[].end.line]' pe.json)"

# erep verify's own report (--report, from the ARG of a run cut at 10
# steps): the candidate through the NULL dereference is the same class, and
# as the one path to its end it settles it, as an infeasible one would
rm -rf v
$EREP verify ub.c --analysis explicit --path-length 10 --report -o v > out 2>&1 || fail "verify --report: $(cat out)"
[ "$(jq -r '.undefined[0].reason, .components.frontier.full, (.unknown | length)' v/report.json | tr '\n' '|')" = \
  "invalid pointer dereference at line 11|true|0|" ] &&
  ok "verify --report: UB1 in its report, the frontier full, no unknown trace" ||
  fail "verify --report: $(jq -c '{undefined: [.undefined[].reason], full: [.components[].full], unknown: (.unknown|length)}' v/report.json)"

# the views
$EREP dot $R --view trace:UB1 -o ub1.dot > out 2>&1 &&
  grep -q 'feasible up to step' ub1.dot && ok "dot draws UB1, saying where it stops" ||
  fail "dot trace:UB1: $(cat out)"
$EREP html $R -o r.html > out 2>&1 && grep -q '"undefined_step"' r.html &&
  ok "html carries it" || fail "html: $(cat out)"
if command -v node > /dev/null; then
  # the page's script: UB1 opened by a click has its undefined step's row
  # marked
  echo "{\"traces\":3,\"steps\":$(jq '.components.frontier.traces[0].steps | length' $R),\"lines\":$(wc -l < ub.c),\"open\":\"UB1\",\"stop\":$step,\"stopText\":\"undefined here\"}" > want.json
  node "$SRC/tests/html_dom.js" r.html want.json > node.out 2>&1 && grep -q '^ok' node.out &&
    ok "html: UB1's undefined step marked in its steps" || fail "html page: $(cat node.out)"
fi
jq '.undefined = [] | .minor = 3' $R > old.json
$EREP diff old.json $R > out 2>&1
grep -q 'undefined-behaviour traces 0 -> 1' out && ok "diff counts it" ||
  { fail "diff:"; sed 's/^/  | /' out; }
$EREP tests $R -o suite > out 2>&1 && grep -q 'UB1' suite/tests.tsv &&
  ok "erep tests exports UB1" || fail "tests: $(cat out)"
grep -q 'reaches undefined behaviour at line 11' suite/UB1.xml &&
  ok "...its test vector says so" || fail "...no note in UB1.xml"
if command -v gcov > /dev/null; then
  sh suite/run.sh > run.out 2>&1
  grep -q '^UB1: reached undefined behaviour at main:11' run.out &&
    ok "run.sh: the test reaches the undefined operation" ||
    { fail "run.sh:"; sed 's/^/  | /' run.out; }
  # gcc's sanitizers, where this machine has them for the data model
  printf 'int main(void) { return 0; }\n' > san.c
  if ${CC:-gcc} -m32 -fsanitize=address,undefined san.c -o san > /dev/null 2>&1 && ./san; then
    EREP_SANITIZE=1 sh suite/run.sh > san.out 2>&1
    grep -q '^UB1: .*the sanitizer: runtime error: load of null pointer' san.out &&
      ok "run.sh with EREP_SANITIZE=1: the sanitizer reports the defect" ||
      { fail "EREP_SANITIZE=1 run.sh:"; sed 's/^/  | /' san.out; }
  else
    echo "note: no 32-bit sanitizer runtime here: EREP_SANITIZE not tried"
  fi
fi

# an unknown trace says at which step the proof stopped: the write into a
# union erep does not model (tests/data/undefined/union.c)
cp "$D/union.c" "$D/union.aa.txt" . && chmod u+w union.c union.aa.txt
$EREP report union.c union.aa.txt -o u.json > out 2>&1 || fail "union: $(cat out)"
[ "$(jq -r '.unknown[0] | .steps[.unknown_step].text, .reason' u.json | tr '\n' '|')" = \
  "u.i = x;|union (union big) in u at line 8|" ] &&
  ok "unknown: unknown_step is the write into the union (line 8)" ||
  fail "unknown: $(jq -c '.unknown[0] | {unknown_step, reason}' u.json)"
jq '.unknown[0].unknown_step = 99' u.json > badu.json
$EREP tests badu.json --unknown -o badu > out 2>&1; rc=$?
[ $rc = 2 ] && grep -q 'unknown_step.*99 is not a step' out &&
  ok "unknown_step past the steps: exit 2" || fail "bad unknown_step: exit $rc, $(cat out)"

# a report that names a step its trace does not have
jq '.undefined[0].undefined_step = 99' $R > bad.json
$EREP tests bad.json -o bad > out 2>&1; rc=$?
[ $rc = 2 ] && grep -q 'undefined_step.*99 is not a step' out && [ ! -e bad ] &&
  ok "undefined_step past the steps: exit 2, $(head -c 90 out)" ||
  fail "bad undefined_step: exit $rc, $(cat out)"
finish
