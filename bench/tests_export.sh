#!/bin/sh
# erep tests on corpus reports, run as a tester runs them: for each
# PROGRAM AA pair, `erep report` (with a time limit), `erep tests
# --component both`, then DIR/run.sh; prints per pair how many tests
# reached their trace's end line, how many did not and how many cannot be
# fed, then the total.
#
# usage: bench/tests_export.sh [PROGRAM AA]...
#   Without pairs: fse12-systemc's copy_mem_slave_tlm.2.c with its
#   predicate automaton and the swapped one. Paths are relative to the
#   corpus unless they exist as given. AA may be depth:N, as in
#   bench/replay.sh: an automaton for a verifier that explored N branch
#   decisions deep (every N-th condition edge of a path enters __FALSE).
# Environment: EREP (default ./erep), EREP_CORPUS (default
# ../shared/corpus), EREP_BENCH_LIMIT (time limit of erep report, seconds,
# default 60), EREP_BENCH_ARGS (more options for erep report, e.g.
# "--traces-per-location 3"), EREP_RUN_TIMEOUT (per test, default 10),
# EREP_BENCH_KEEP=DIR (keep every report, suite and run.sh log in DIR).
# Exit status: 0 every test reached its end line, 1 otherwise.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
bench_setup
if [ $# = 0 ]; then
  S=aa/fse12-systemc
  set -- $S/copy_mem_slave_tlm.2.c $S/copy_mem_slave_tlm.2.c.predicate.assumption_automaton \
    $S/copy_mem_slave_tlm.2.c $S/copy_mem_slave_tlm.2.c.predicate.assumption_automaton.swapped
fi
n=0 tn=0 tr=0 tu=0 tx=0
while [ $# -ge 2 ]; do
  n=$((n + 1))
  p=$(at "$1")
  case $2 in
    depth:*) a=$T/depth${2#depth:}.txt; depth_aa "${2#depth:}" "$a"; name="$(basename "$p") + $2" ;;
    *) a=$(at "$2"); name="$(basename "$p") + $(basename "$a")" ;;
  esac
  shift 2
  R=$T/$n.json D=$T/$n.suite
  # shellcheck disable=SC2086
  if ! "$EREP" report "$p" "$a" --time-limit "$LIMIT" ${EREP_BENCH_ARGS:-} -o "$R" > "$T/$n.report.out" 2>&1; then
    echo "$name: erep report failed: $(tail -1 "$T/$n.report.out")"
    tx=$((tx + 1))
    continue
  fi
  rm -rf "$D"
  if ! "$EREP" tests "$R" -o "$D" --component both > "$T/$n.tests.out" 2>&1; then
    echo "$name: erep tests failed: $(tail -1 "$T/$n.tests.out")"
    tx=$((tx + 1))
    continue
  fi
  s=$(date +%s)
  sh "$D/run.sh" > "$T/$n.run.out" 2>&1
  rc=$?
  e=$(date +%s)
  if [ $rc = 2 ]; then
    echo "$name: run.sh could not build the suite:"
    sed 's/^/  /' "$T/$n.run.out" | head -5
    tx=$((tx + 1))
    continue
  fi
  all=$(grep -c '^[A-Z][A-Za-z0-9_.-]*: ' "$T/$n.run.out")
  ok=$(grep -c '^[A-Z][A-Za-z0-9_.-]*: reached ' "$T/$n.run.out")
  unfed=$(grep -c '^[A-Z][A-Za-z0-9_.-]*: cannot be fed: ' "$T/$n.run.out")
  not=$((all - ok - unfed))
  echo "$name: $all tests ($(grep -c '(frontier' "$T/$n.run.out") frontier," \
    "$(grep -c '(safe' "$T/$n.run.out") safe): $ok reached their end line," \
    "$not did not, $unfed cannot be fed ($((e - s)) s)"
  grep '^[A-Z][A-Za-z0-9_.-]*: \(NOT reached\|cannot be fed\)' "$T/$n.run.out" | head -5 | sed 's/^/  /'
  tn=$((tn + all)) tr=$((tr + ok)) tu=$((tu + unfed))
done
built=
[ "$tx" = 0 ] || built=", $tx pair(s) failed before or in the build"
echo "tests_export: $n pair(s): $tr of $tn tests reached their end line" \
  "($tu cannot be fed$built)"
[ "$tr" = "$tn" ] && [ "$tx" = 0 ]
