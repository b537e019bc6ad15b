#!/bin/bash
# Swarm verification against one verify run (issue #28): for
# samples/stack.c (the paper's stack) and every FALSE task of the corpus
# (as bench/witness.sh finds them), the time to the first counterexample of
# `erep verify PROGRAM --path-length K` (the whole program) and of `erep
# swarm PROGRAM --bound K --jobs 2` (the same bound; its time includes
# proving the counterexample again on the whole program), side by side in
# one run, as a ratio (swarm / whole: below 1, the swarm was faster), and
# whether the swarm's counterexample replays under gcc (tests/replay.sh).
# Both run ANALYSIS (default auto, the default of both).
# usage: bench/swarm.sh  (env: EREP, EREP_CORPUS, EREP_BENCH_LIMIT=60 (each
# run's), BOUND=100000, JOBS=2, SEED=1, ANALYSIS=explicit, TASKS=regex of
# names to run)
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
bench_setup
BOUND=${BOUND:-100000}
JOBS=${JOBS:-2}
SEED=${SEED:-1}
ANALYSIS=${ANALYSIS:-auto}
TASKS=${TASKS:-.}

false_task() { # FILE: a FALSE task of unreach-call?
  case $1 in
    */samples/* | "$T"/stack-*) return 0 ;;
    */cmc2011/*) case $1 in *BUG*) return 0 ;; *) return 1 ;; esac ;;
  esac
  [ -f "${1%.c}.yml" ] && python3 - "${1%.c}.yml" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
sys.exit(0 if re.search(r"unreach-call\.prp\s*\n\s*expected_verdict:\s*false", t) else 1)
PY
}
secs() { echo "$(date +%s.%N) - $1" | bc; }
printf '%-34s %9s %9s %7s  %-8s %s\n' task whole swarm ratio replays 'found by'
n=0 both=0 faster=0 replayed=0 sum_w=0 sum_s=0
# the sample, and the same stack made larger (cells, actions): the whole
# program's search grows with cells x actions, a run without pop and top
# only with the actions
for sz in "200 400" "400 800"; do
  set -- $sz
  sed -e "s/#define SIZE 64/#define SIZE $1/" -e "s/#define TLEN 100/#define TLEN $2/" \
    "$HERE/../samples/stack.c" > "$T/stack-$1.c"
done
for p in "$HERE/../samples/stack.c" "$T/stack-200.c" "$T/stack-400.c" "$C"/cmc2011/*/*.c "$C"/*/*.c; do
  b=$(basename "$p" .c)
  echo "$b" | grep -qE "$TASKS" || continue
  false_task "$p" || continue
  n=$((n + 1))
  s=$(date +%s.%N)
  "$EREP" verify "$p" --analysis "$ANALYSIS" --path-length "$BOUND" \
    --time-limit "$LIMIT" > "$T/vout" 2> /dev/null
  tw=$(secs "$s")
  vw=$(grep -m1 -o '^FALSE\|^TRUE\|^UNKNOWN' "$T/vout")
  rm -rf "$T/sw"
  s=$(date +%s.%N)
  "$EREP" swarm "$p" --analysis "$ANALYSIS" --bound "$BOUND" --jobs "$JOBS" --seed "$SEED" \
    --time-limit "$LIMIT" -o "$T/sw" > "$T/sout" 2> /dev/null
  ts=$(secs "$s")
  vs=$(grep -m1 -o '^FALSE\|^TRUE\|^UNKNOWN' "$T/sout")
  by=$(sed -n 's/.*found by \(c[0-9]*\), which omitted \([^;]*\);.*/\1 (omits \2)/p' "$T/sout")
  rp=-
  if [ "$vs" = FALSE ]; then
    c=${by%% *}
    if EREP=$EREP sh "$HERE/../tests/replay.sh" "$p" "$T/sw/$c.confirm.json" > "$T/rep" 2>&1; then
      rp=yes; replayed=$((replayed + 1))
    else
      rp=NO
    fi
  fi
  if [ "$vw" = FALSE ] && [ "$vs" = FALSE ]; then
    both=$((both + 1))
    ratio=$(echo "scale=2; $ts / $tw" | bc)
    [ "$(echo "$ts < $tw" | bc)" = 1 ] && faster=$((faster + 1))
    sum_w=$(echo "$sum_w + $tw" | bc); sum_s=$(echo "$sum_s + $ts" | bc)
  else
    ratio="$vw/$vs"
  fi
  printf '%-34s %8.2fs %8.2fs %7s  %-8s %s\n' "$b" "$tw" "$ts" "$ratio" "$rp" "$by"
done
echo "FALSE tasks: $n; both found the counterexample: $both (swarm faster on $faster);" \
  "swarm counterexamples replayed under gcc: $replayed;" \
  "sum over both: whole $sum_w s, swarm $sum_s s (analysis $ANALYSIS, bound $BOUND, $JOBS jobs, seed $SEED, limit $LIMIT s)"
