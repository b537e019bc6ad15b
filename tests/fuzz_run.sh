#!/bin/sh
# One libFuzzer run, as every `make fuzz*` target runs its targets:
#   sh tests/fuzz_run.sh NAME BINARY SECONDS WORK SEED [FLAGS...]
# runs BINARY on the corpus directories WORK (grown) and SEED for SECONDS,
# with its log in tests/fuzz_NAME.log and what it finds under
# tests/fuzz_artifacts/NAME-, then prints the log's summary lines. Exit 1
# when the fuzzer stopped on a problem.
name=$1 bin=$2 seconds=$3 work=$4 seed=$5
shift 5
mkdir -p tests/fuzz_artifacts
r=0
"$bin" "$@" -max_total_time="$seconds" -artifact_prefix="tests/fuzz_artifacts/$name-" \
  "$work" "$seed" > "tests/fuzz_$name.log" 2>&1 || r=1
echo "fuzz_$name:"
grep -E '^(stat::|Done|SUMMARY)|DONE|==ERROR|deadly|unit written' \
  "tests/fuzz_$name.log" | sed 's/^/  /'
[ $r = 0 ] || echo "fuzzing found problems: see tests/fuzz_$name.log and tests/fuzz_artifacts/"
exit $r
