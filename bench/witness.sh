#!/bin/bash
# Violation witnesses read back (issue #27): for every FALSE task of the
# corpus (cmc2011 by file name, BUG in it; the others by their .yml,
# property unreach-call), erep verify at LIMIT seconds writes a witness,
# and erep report PROGRAM witness.graphml must give a frontier trace that
# ends where the counterexample ends (the same CFA edge). Prints a line per
# task (verify's verdict when it is not FALSE) and the count.
# usage: bench/witness.sh  (env: EREP, EREP_CORPUS, EREP_BENCH_LIMIT=60)
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
bench_setup

false_task() { # FILE: a FALSE task of unreach-call?
  case $1 in
    */cmc2011/*) case $1 in *BUG*) return 0 ;; *) return 1 ;; esac ;;
  esac
  [ -f "${1%.c}.yml" ] && python3 - "${1%.c}.yml" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
sys.exit(0 if re.search(r"unreach-call\.prp\s*\n\s*expected_verdict:\s*false", t) else 1)
PY
}
n=0 good=0 undecided=0 start=$(date +%s)
for p in "$C"/cmc2011/*/*.c "$C"/*/*.c; do
  false_task "$p" || continue
  b=$(basename "$p" .c)
  rm -rf "$T/v"
  s=$(date +%s.%N)
  "$EREP" verify "$p" --time-limit "$LIMIT" -o "$T/v" > "$T/out" 2> /dev/null
  v=$(grep -m1 -o '^FALSE\|^TRUE\|^UNKNOWN' "$T/out")
  if [ "$v" != FALSE ]; then
    echo "$b: verify ${v:-failed}"; undecided=$((undecided + 1)); continue
  fi
  n=$((n + 1))
  "$EREP" report "$p" "$T/v/witness.graphml" --time-limit "$LIMIT" -o "$T/r.json" > "$T/rout" 2>&1
  want=$(jq -c '.components.frontier.traces[0].steps[-1].edge' "$T/v/counterexample.json")
  e=$(echo "$(date +%s.%N) - $s" | bc)
  if jq -e "[.components.frontier.traces[].steps[-1].edge] | index($want)" "$T/r.json" > /dev/null 2>&1; then
    good=$((good + 1)); printf '%s: reaches the error (%.1f s)\n' "$b" "$e"
  else
    echo "$b: FAILED: $(tail -1 "$T/rout")"
  fi
done
echo "witnesses read back: $good of $n FALSE verdicts reach the error; $undecided FALSE tasks not decided in $LIMIT s; $(( $(date +%s) - start )) s"
[ "$good" = "$n" ]
