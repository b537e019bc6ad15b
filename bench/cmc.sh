#!/bin/sh
# Conditional model checking on the corpus (issue #25): erep verify as the
# verifier that writes what it verified, and reads it back.
#
# 1. chain: cmc2011/systemc, the programs of the CMC paper's Table III that
#    the corpus holds (token_ring.01-09, mem_slave_tlm.1-5, toy), each with
#    the explicit analysis alone, the predicate analysis alone and the chain
#    (`--analysis auto`: the explicit analysis without refinement, leaving
#    the paths to error locations it cannot prove open, then the predicate
#    analysis with that run's automaton as its condition) at LIMIT seconds:
#    verdict and seconds per task, and per configuration the decided count
#    and total time beside the paper's (CPAchecker, 900 s per task).
# 2. round trip: every cmc2011 program, `erep verify --time-limit RT -o D
#    --report`: for each it does not decide, D/automaton.txt must match the
#    program 100 % (erep match) and `erep report` on it (by the analysis
#    that wrote it) must be full in both
#    components with every feasible trace replaying (tests/replay.sh);
#    and per task the --report's seconds against the verification's (the
#    report's cost, to be at most 10 %).
# 3. soundness: every cmc2011 BUG task whose counterexample the explicit
#    analysis without refinement finds (--leave-open), or else the
#    predicate analysis, a run cut by
#    --path-length at half its length: the error line is never a verified line
#    of its report, its automaton matches 100 %, and a second run with
#    `--condition` of it finds the bug (the counterexample replays). The
#    cut run is the explicit analysis's, or the predicate analysis's where
#    the explicit one's automaton is more than erep reads back.
#
# 4. condition (not in the default PARTS): the chain's second step alone,
#    token_ring.01-08 (COND_TASKS): the explicit analysis with --leave-open
#    writes its automaton, then the predicate analysis runs with it as
#    --condition, by EREP and, when OLD is set, by OLD side by side (same
#    automaton): verdict, abstract states, seconds, and NEW/OLD.
# 5. order (not in the default PARTS): the predicate analysis alone on every
#    cmc2011 task at ORDER_LIMIT (20) s with --order bfs and --order dfs:
#    decided counts, total seconds, and the tasks whose verdicts differ.
# 6. alone (not in the default PARTS; needs OLD): the same with OLD against
#    EREP, at ALONE_LIMIT (20) s, on ALONE_GLOB.
#
# usage: bench/cmc.sh  (env: EREP=./erep, EREP_CORPUS, EREP_BENCH_LIMIT=60,
#        RT=5 (round-trip limit), PARTS="chain roundtrip soundness",
#        MEMORY=4000 (MB, the soundness part's first and cut runs),
#        RT_REPORT=120 (seconds of erep report on a round trip's automaton),
#        RT_GLOB="*/*.c" (the cmc2011 programs of the round trip),
#        SOUND_GLOB="*/*BUG*.c" (those of the soundness part),
#        SOUND_LIMIT=LIMIT, SOUND_MEMORY=16000 (seconds and MB of its runs
#        with --condition),
#        CHAIN="explicit predicate auto", TASKS=<the 15 above>,
#        OLD=<an older erep for the condition and alone parts>, COND_TASKS,
#        ORDER_LIMIT, ORDER_GLOB="*/*.c", ALONE_LIMIT, ALONE_GLOB="*/*.c")
# Exit status 1 when a check of parts 2 or 3 fails.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
bench_setup
PARTS=${PARTS:-chain roundtrip soundness}
CHAIN=${CHAIN:-explicit predicate auto}
RT=${RT:-5}
RT_REPORT=${RT_REPORT:-120}
TASKS=${TASKS:-token_ring.01 token_ring.02 token_ring.03 token_ring.04 token_ring.05 token_ring.06 token_ring.07 token_ring.08 token_ring.09 mem_slave_tlm.1 mem_slave_tlm.2 mem_slave_tlm.3 mem_slave_tlm.4 mem_slave_tlm.5 toy}
REPLAY=$HERE/../tests/replay.sh
bad=0

# secs START: seconds since START (date +%s.%N)
secs() { echo "$(date +%s.%N) - $1" | bc; }
# the verdict line of erep verify's output (stderr may be in the same file:
# a warning comes before it)
verdict_line() { grep -m1 -E '^(TRUE|FALSE|UNKNOWN)' "$1" || head -1 "$1"; }

if echo "$PARTS" | grep -q chain; then
  echo "== chain: cmc2011/systemc at $LIMIT s per task (paper: Table III, 900 s) =="
  printf '%-16s' task
  for a in $CHAIN; do printf ' %22s' "$a"; done
  printf ' %12s\n' paper-chain
  for a in $CHAIN; do eval "n_$a=0; t_$a=0"; done
  for t in $TASKS; do
    p=$C/cmc2011/systemc/$t.cil.c
    [ -f "$p" ] || { echo "$t: missing"; continue; }
    printf '%-16s' "$t"
    for a in $CHAIN; do
      s=$(date +%s.%N)
      "$EREP" verify "$p" --analysis "$a" --time-limit "$LIMIT" > "$T/chain.out" 2>&1
      d=$(secs "$s")
      v=$(verdict_line "$T/chain.out" | cut -d: -f1)
      case $v in TRUE|FALSE) eval "n_$a=\$((n_$a + 1))" ;; esac
      eval "t_$a=\$(echo \"\$t_$a + $d\" | bc)"
      printf ' %13s %7.1fs' "$v" "$d"
    done
    case $t in
      token_ring.01) pc="2.4 T" ;; token_ring.02) pc="4.0 T" ;; token_ring.03) pc="5.1 T" ;;
      token_ring.04) pc="8.5 T" ;; token_ring.05) pc="17 T" ;; token_ring.06) pc="40 T" ;;
      token_ring.07) pc="180 T" ;; token_ring.08) pc="720 T" ;; token_ring.09) pc="900 -" ;;
      mem_slave_tlm.1) pc="5.2 T" ;; mem_slave_tlm.2) pc="6.3 T" ;; mem_slave_tlm.3) pc="7.5 T" ;;
      mem_slave_tlm.4) pc="8.1 T" ;; mem_slave_tlm.5) pc="10 T" ;; toy) pc="7.6 T" ;; *) pc="?" ;;
    esac
    printf ' %12s\n' "$pc"
  done
  for a in $CHAIN; do
    eval "printf '%-10s decided %2d of the tasks, %8.1f s in all\n' $a \$n_$a \$t_$a"
  done
  echo "paper (the same 15 programs): explicit 0, predicate 1 (token_ring.01),"
  echo "  explicit+predicate from scratch 1, the chain 14 (all but token_ring.09)"
fi

if echo "$PARTS" | grep -q roundtrip; then
  echo "== round trip: verify --time-limit $RT -o D --report on every cmc2011 program =="
  n=0; open=0; good=0; worst=0; worst_t=-; partial_n=0
  for p in "$C"/cmc2011/${RT_GLOB:-*/*.c}; do
    b=$(basename "$p" .c)
    rm -rf "$T/rt"
    "$EREP" verify "$p" --time-limit "$RT" -o "$T/rt" --report > "$T/rt.out" 2>&1 ||
      { echo "$b: verify failed: $(tail -2 "$T/rt.out")"; bad=1; continue; }
    n=$((n + 1))
    v=$(verdict_line "$T/rt.out" | cut -d: -f1)
    vs=$(sed -n 's/^  wall time: *\([0-9.]*\) s/\1/p' "$T/rt.out")
    rs=$(sed -n 's/^report written to .*; \([0-9.]*\) s)$/\1/p' "$T/rt.out")
    # the wall time includes the report: its cost is against the rest
    ver=$(echo "${vs:-1} - ${rs:-0}" | bc)
    [ "$(echo "$ver > 0" | bc)" = 1 ] || ver=0.001
    pct=$(echo "scale=1; 100 * ${rs:-0} / $ver" | bc)
    if [ "$(echo "$pct > $worst" | bc)" = 1 ]; then worst=$pct; worst_t=$b; fi
    # whether verify's own report is complete: with a time limit its checks
    # have a budget (a share of the verification's time, report/run.c
    # RN_EXEC_SHARE) and a report cut by it is partial
    full=$(jq -r '[.components[] | if .full then "full" else "partial (\(.stopped_by))" end] | unique | join(", ")' \
      "$T/rt/report.json" 2>/dev/null)
    case $full in full) ;; *) partial_n=$((partial_n + 1)) ;; esac
    line="$b: $v, verify ${ver}s, --report ${rs}s (${pct} %), report ${full:-none}"
    case $v in TRUE|FALSE) echo "$line"; continue ;; esac
    open=$((open + 1))
    why=
    "$EREP" match "$p" "$T/rt/automaton.txt" > "$T/m.out" 2>&1 &&
      grep -q 'matched: [0-9]* (100.00%)' "$T/m.out" || why="$why match;"
    rm -f "$T/r.json"
    # the report by the analysis that wrote the automaton (verify's
    # statistics name it): on one of toy's predicate automata (timing
    # decides which is written) the explicit analysis was not done after
    # 22.8 million states in 30 s, where the predicate analysis is full in
    # 5.7 s
    an=$(sed -n 's/^  analysis: *\([a-z]*\).*/\1/p' "$T/rt.out")
    "$EREP" report "$p" "$T/rt/automaton.txt" --analysis "${an:-explicit}" --time-limit "$RT_REPORT" -o "$T/r.json" > /dev/null 2>&1 &&
      jq -e '.components.safe.full and .components.frontier.full' "$T/r.json" > /dev/null ||
      why="$why report not full ($(jq -c '[.components.safe.stopped_by, .components.frontier.stopped_by]' "$T/r.json" 2>/dev/null));"
    traces=$(jq '[.components[].traces[]] | length' "$T/r.json" 2>/dev/null)
    if [ -z "$why" ] && [ "${traces:-0}" -gt 0 ]; then
      EREP=$EREP sh "$REPLAY" "$p" "$T/r.json" > "$T/replay.out" 2>&1 || why="$why replay ($(tail -1 "$T/replay.out"));"
    fi
    if [ -z "$why" ]; then
      good=$((good + 1)); echo "$line; match 100 %, report full, $traces traces replay"
    else
      bad=1; echo "$line; FAILED:$why"
    fi
  done
  echo "round trip: $n programs, $open not decided in $RT s, $good of them round-trip"
  echo "--report: at most $worst % of the verification ($worst_t); $partial_n of $n reports partial (cut by the budget or a limit)"
fi

if echo "$PARTS" | grep -q soundness; then
  echo "== soundness: every cmc2011 BUG task cut at half its counterexample =="
  n=0; good=0
  for p in "$C"/cmc2011/${SOUND_GLOB:-*/*BUG*.c}; do
    b=$(basename "$p" .c)
    n=$((n + 1))
    rm -rf "$T/s0" "$T/s1" "$T/s2"
    # (no -o: only the counterexample's length and line are read, and a run
    # that writes its automaton keeps memory for it, lim_reserve)
    "$EREP" verify "$p" --analysis explicit --leave-open --time-limit "$LIMIT" \
      --memory-limit "${MEMORY:-4000}" > "$T/s0.out" 2>&1
    # the predicate analysis finds some the explicit one does not
    # (s3_srvr_14_BUG: 1.5 s)
    grep -q '^FALSE' "$T/s0.out" || {
      "$EREP" verify "$p" --analysis predicate --time-limit "$LIMIT" \
        --memory-limit "${MEMORY:-4000}" > "$T/s0.out" 2>&1; }
    steps=$(sed -n 's/^FALSE: .* (\([0-9]*\) steps.*/\1/p' "$T/s0.out")
    line=$(sed -n 's/^FALSE: the error location at line \([0-9]*\) .*/\1/p' "$T/s0.out")
    [ -n "$steps" ] || { echo "$b: no counterexample to cut ($(verdict_line "$T/s0.out"))"; bad=1; continue; }
    half=$((steps / 2))
    "$EREP" verify "$p" --analysis explicit --path-length "$half" \
      --memory-limit "${MEMORY:-4000}" -o "$T/s1" --report > "$T/s1.out" 2>&1
    cut_by=explicit
    # an explicit automaton erep does not read back (transmitter.07.BUG:
    # 623 MiB as text; .08: more than 50 million transitions, none
    # written): the predicate analysis cuts instead, and the line says so
    if grep -q 'automaton.txt is larger than erep reads back\|no automaton' "$T/s1.out"; then
      rm -rf "$T/s1"
      cut_by="predicate (explicit: $(grep -o 'automaton.txt is larger than erep reads back\|no automaton: .*' "$T/s1.out" | head -1 | cut -c1-50))"
      "$EREP" verify "$p" --analysis predicate --path-length "$half" -o "$T/s1" --report > "$T/s1.out" 2>&1
    fi
    v1=$(verdict_line "$T/s1.out" | cut -d: -f1)
    why=
    jq -e --argjson l "$line" '[.coverage.lines[]? | select(.line == $l) | .verified] | all(. == false)' \
      "$T/s1/report.json" > /dev/null 2>&1 || why="$why error line $line verified;"
    "$EREP" match "$p" "$T/s1/automaton.txt" > "$T/m.out" 2>&1 &&
      grep -q 'matched: [0-9]* (100.00%)' "$T/m.out" || why="$why match;"
    # (-o keeps two thirds of the memory limit for the outputs, lim_reserve:
    # transmitter.13's run finds the bug in 30 s at 16000 MB, none at the
    # default 30 % of 24 GB)
    "$EREP" verify "$p" --condition "$T/s1/automaton.txt" --time-limit "${SOUND_LIMIT:-$LIMIT}" \
      --memory-limit "${SOUND_MEMORY:-16000}" -o "$T/s2" > "$T/s2.out" 2>&1
    grep -q '^FALSE' "$T/s2.out" || why="$why --condition: $(verdict_line "$T/s2.out");"
    if [ -z "$why" ]; then
      EREP=$EREP sh "$REPLAY" "$p" "$T/s2/counterexample.json" > "$T/replay.out" 2>&1 || why="$why replay;"
    fi
    if [ -z "$why" ]; then
      good=$((good + 1))
      echo "$b: cut at $half of $steps steps by $cut_by: $v1; error line $line not verified; --condition: $(verdict_line "$T/s2.out" | cut -c1-60)"
    else
      bad=1; echo "$b: FAILED:$why"
    fi
  done
  echo "soundness: $good of $n BUG tasks"
fi

if echo "$PARTS" | grep -q condition; then
  echo "== condition: predicate --condition of explicit --leave-open's automaton =="
  COND_TASKS=${COND_TASKS:-token_ring.01 token_ring.02 token_ring.03 token_ring.04 token_ring.05 token_ring.06 token_ring.07 token_ring.08}
  # one run: "VERDICT STATES SECONDS"
  cond_run() {
    s=$(date +%s.%N)
    "$1" verify "$2" --analysis predicate --condition "$3" --time-limit "$LIMIT" -j 1 > "$T/c.out" 2>&1
    printf '%s %s %.1f' "$(verdict_line "$T/c.out" | cut -d: -f1)" \
      "$(sed -n 's/^  abstract states: *\([0-9]*\).*/\1/p' "$T/c.out")" "$(secs "$s")"
  }
  for t in $COND_TASKS; do
    p=$C/cmc2011/systemc/$t.cil.c
    rm -rf "$T/cd"
    "$EREP" verify "$p" --analysis explicit --leave-open -o "$T/cd" > /dev/null 2>&1
    set -- $(cond_run "$EREP" "$p" "$T/cd/automaton.txt")
    line=$(printf '%-16s new %-8s %7s states %6s s' "$t" "$1" "$2" "$3")
    if [ -n "$OLD" ]; then
      n=$3
      set -- $(cond_run "$OLD" "$p" "$T/cd/automaton.txt")
      line="$line   old $1 $2 states $3 s  new/old $(echo "scale=2; $n / $3" | bc)"
    fi
    echo "$line"
  done
fi

# side_by_side GLOB LIMIT NAME1 EREP1 ARGS1 NAME2 EREP2 ARGS2: the
# predicate analysis alone (-j 1) on the cmc2011 programs of GLOB at LIMIT
# s, by two binaries or with two sets of options: the tasks whose verdicts
# differ, the decided counts and total seconds, and every wrong verdict
# (TRUE on a BUG task, FALSE on another)
side_by_side() {
  glob=$1 lim=$2 n1=$3 e1=$4 a1=$5 n2=$6 e2=$7 a2=$8
  d1=0 t1=0 d2=0 t2=0 w=0
  for p in "$C"/cmc2011/$glob; do
    b=$(basename "$p" .c); vs= v1=
    for k in 1 2; do
      eval "nm=\$n$k bin=\$e$k args=\$a$k"
      s=$(date +%s.%N)
      # shellcheck disable=SC2086 # args are words
      "$bin" verify "$p" --analysis predicate $args --time-limit "$lim" -j 1 > "$T/o.out" 2>&1
      e=$(secs "$s"); v=$(verdict_line "$T/o.out" | cut -d: -f1)
      case $v in TRUE|FALSE) eval "d$k=\$((d$k + 1))" ;; esac
      case $b:$v in
        *BUG*:TRUE) w=$((w + 1)); echo "WRONG: $b: $nm TRUE" ;;
        *BUG*:*) ;;
        *:FALSE) w=$((w + 1)); echo "WRONG: $b: $nm FALSE" ;;
      esac
      eval "t$k=\$(echo \"\$t$k + $e\" | bc)"
      vs="$vs $nm $v $(printf %.1f "$e")"
      [ $k = 1 ] && v1=$v
    done
    [ "$v1" = "$v" ] || echo "$b:$vs"
  done
  echo "$n1 decided $d1 in $t1 s; $n2 decided $d2 in $t2 s; wrong $w"
  [ $w = 0 ] || bad=1
}

if echo "$PARTS" | grep -q order; then
  ORDER_LIMIT=${ORDER_LIMIT:-20}
  echo "== order: predicate analysis alone, --order bfs vs dfs, $ORDER_LIMIT s per task =="
  side_by_side "${ORDER_GLOB:-*/*.c}" "$ORDER_LIMIT" \
    bfs "$EREP" "--order bfs" dfs "$EREP" "--order dfs"
fi

if echo "$PARTS" | grep -q alone && [ -n "$OLD" ]; then
  ALONE_LIMIT=${ALONE_LIMIT:-20}
  echo "== alone: predicate analysis alone, OLD vs EREP, $ALONE_LIMIT s per task =="
  side_by_side "${ALONE_GLOB:-*/*.c}" "$ALONE_LIMIT" old "$OLD" "" new "$EREP" ""
fi

exit $bad
