# erep verify --report, what it costs: the execution report of the
# automaton checks the tree paths of the ARG that end at each end location
# (report/run.c, rn_exec). A path whose prefix the unsat core of an
# earlier check showed infeasible is infeasible without a check of its own:
# on tests/data/cmc/dead.c cut by --state-limit 2000 the ~1000 wait-list
# candidates under the infeasible prefix a == 1 && a == 2 took 602 solver
# calls, one for each, and take 3 (the report the same: full, no frontier
# trace there). Counts, and below a budget cut with a margin of a thousand,
# never times.
. "$(dirname "$0")/lib.sh"
D=${EREP_SRCDIR:-.}
P=$D/tests/data/cmc/dead.c

rm -rf "$TMP/d"
$EREP verify "$P" --analysis explicit --sbe --state-limit 2000 -o "$TMP/d" --report > "$TMP/out" 2>&1
grep -q '^UNKNOWN: stopped by states' "$TMP/out" && ok "dead.c: UNKNOWN, stopped by states" ||
  { fail "dead.c: $(head -1 "$TMP/out")"; cat "$TMP/out"; }
R=$TMP/d/report.json
jq -e '.components.safe.full and .components.frontier.full and
       (.components.frontier.traces | length) == 0 and
       (.components.safe.traces | length) == 2' "$R" > /dev/null &&
  ok "dead.c: --report full, 2 safe traces, no frontier trace" ||
  { fail "dead.c: the report"; jq -c '[.components[] | .full, .stopped_by, (.traces | length)]' "$R"; }
calls=$(jq '.stats.solver_calls' "$R")
[ "${calls:-1000}" -le 10 ] && ok "dead.c: $calls solver calls for the report (at most 10)" ||
  fail "dead.c: $calls solver calls for the report (more than 10)"

# With a time limit the report has a budget of its own, a share of the
# verification's time (report/run.c, RN_EXEC_SHARE), and is partial
# (stopped by time) with what it found when that is spent. cube.c: the
# verification takes some 0.02 s, its report needs a hard check for each
# of 64 end locations, some 1.2 s in all (the old budget, a tenth of the
# limit and at least 2 s, let it finish): a margin of about a thousand.
rm -rf "$TMP/c"
$EREP verify "$D/tests/data/cmc/cube.c" --analysis explicit --sbe --path-length 16 --time-limit 100 \
  -o "$TMP/c" --report > "$TMP/out" 2>&1
R=$TMP/c/report.json
jq -e '.components.frontier.full == false and .components.frontier.stopped_by == "time" and
       .components.safe.full' "$R" > /dev/null &&
  ok "cube.c --time-limit 100: the report cut by its budget, partial (time)" ||
  { fail "cube.c: the report not cut by its budget"; jq -c '[.components[] | .full, .stopped_by, (.traces | length)]' "$R"; }
rm -rf "$TMP/c"
$EREP verify "$D/tests/data/cmc/dead.c" --analysis explicit --sbe --state-limit 2000 -o "$TMP/c" --report > /dev/null 2>&1
jq -e '.components.frontier.full' "$TMP/c/report.json" > /dev/null &&
  ok "dead.c without a time limit: no budget, full" || fail "dead.c without a time limit: partial"
# A TRUE run's automaton starts in __TRUE: its one trace, the empty one,
# needs no check, so the budget never cuts it.
rm -rf "$TMP/t"
$EREP verify "$P" --time-limit 100 -o "$TMP/t" --report > "$TMP/out" 2>&1
[ "$(head -1 "$TMP/out")" = TRUE ] &&
  jq -e '.components.safe.full and .components.frontier.full and (.components.safe.traces | length) == 1' \
    "$TMP/t/report.json" > /dev/null &&
  ok "dead.c TRUE --time-limit 100: --report full, the empty trace" ||
  { fail "dead.c TRUE: $(head -1 "$TMP/out")"; jq -c '[.components[] | .full, .stopped_by]' "$TMP/t/report.json"; }
# A run refused before its search (the predicate domain on a program with
# a union) has no solver context; its automaton claims nothing, and
# --report's one trace (the first edge into __FALSE) is proved on a
# context of its own (it crashed: a null context), as erep report finds it.
Q=$D/tests/data/messages/union_only.c
rm -rf "$TMP/q"
$EREP verify "$Q" --analysis predicate -o "$TMP/q" --report > "$TMP/out" 2>&1
rc=$?
rm -f "$TMP/qr.json"
$EREP report "$Q" "$TMP/q/automaton.txt" -o "$TMP/qr.json" > /dev/null 2>&1
[ $rc = 0 ] && grep -q '^UNKNOWN: the program has a union' "$TMP/out" &&
  jq -e '.components.frontier.full and (.components.frontier.traces | length) == 1' "$TMP/q/report.json" > /dev/null &&
  [ "$(jq -c '[.components[].traces[] | [.end.node, (.steps | length)]]' "$TMP/q/report.json")" = \
    "$(jq -c '[.components[].traces[] | [.end.node, (.steps | length)]]' "$TMP/qr.json")" ] &&
  ok "union_only.c --analysis predicate --report: refused, its report as erep report's" ||
  { fail "union_only.c --analysis predicate --report: rc=$rc"; tail -3 "$TMP/out"; }
# ... and the coverage of an automaton that claims nothing is what a
# search of it visits (erep report's), not the ARG the run threw away
# (code the encoding does not model: a callback from qsort)
Q=$D/tests/data/callback/qsort.c
rm -rf "$TMP/q"
$EREP verify "$Q" --analysis explicit -o "$TMP/q" --report > /dev/null 2>&1
rm -f "$TMP/qr.json"
$EREP report "$Q" "$TMP/q/automaton.txt" -o "$TMP/qr.json" > /dev/null 2>&1
a=$(jq -c '.coverage | del(.lines)' "$TMP/q/report.json"); b=$(jq -c '.coverage | del(.lines)' "$TMP/qr.json")
[ -n "$a" ] && [ "$a" = "$b" ] && ok "qsort.c: --report's coverage is erep report's ($a)" ||
  fail "qsort.c: --report's coverage $a, erep report's $b"
finish
