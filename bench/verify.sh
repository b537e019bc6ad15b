#!/bin/sh
# erep verify on the corpus (issue #13).
#
# 1. test_locks_5 ... 15 (cmc2011/locks): abstract states and seconds of the
#    predicate analysis with LBE and with SBE (--sbe), and the SBE/LBE time
#    ratio at test_locks_10 (the LBE paper: ART of 4 nodes with LBE, 131 s
#    with SBE at _10). LBE columns say n/a while `erep verify` runs without
#    the large-block encoding (its statistics then say "(SBE)" without
#    --sbe).
# 2. Every corpus task (cmc2011 folders: expected verdict by file name,
#    BUG in the name = FALSE, as in transmitter.01.BUG; the other folders: by their .yml, property
#    unreach-call) with each analysis at LIMIT seconds (auto, erep verify's
#    default: explicit for a tenth of LIMIT, then predicate for the rest;
#    explicit; predicate): TRUE/FALSE/UNKNOWN
#    and WRONG counts per family, with the CMC paper's Table II figures
#    (CPAchecker, 900 s) for the cmc2011 families beside them. Every FALSE
#    counterexample is replayed with tests/replay.sh (gcc); REPLAY-FAIL
#    counts those that do not replay.
#
# usage: bench/verify.sh   (env: EREP=./erep, EREP_CORPUS, EREP_BENCH_LIMIT=60,
#        PARTS="locks families" (and bdd, precision),
#        ANALYSES="auto predicate explicit", PREC_TASKS, PREC_CONFIGS,
#        LOCKS="5 6 7 8 9 10 11 12 13 14 15", LOCKS_LIMIT=LIMIT,
#        FAMILIES="cmc2011/locks ... systemc": the corpus folders to run
#        (sv-extra's too: FAMILIES="$(cd $EREP_CORPUS && echo sv-extra/*/)"),
#        TASKS=1: a line per task too: analysis, task, verdict, seconds)
# Exit status 1 when a verdict is wrong or a counterexample does not replay.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
bench_setup
PARTS=${PARTS:-locks families}
ANALYSES=${ANALYSES:-auto predicate explicit}
LOCKS=${LOCKS:-5 6 7 8 9 10 11 12 13 14 15}
LOCKS_LIMIT=${LOCKS_LIMIT:-$LIMIT}
FAMILIES=${FAMILIES:-cmc2011/locks cmc2011/ntdrivers-simplified cmc2011/ssh-simplified cmc2011/systemc locks loops ntdrivers-simplified ssh-simplified systemc}
REPLAY=$HERE/../tests/replay.sh
bad=0

# run OUT ARGS...: erep verify ARGS into OUT.txt; prints "VERDICT STATES
# SECONDS ENC ARG": STATES made in all (rounds, refinements), ARG the nodes
# of the final abstract reachability graph
run() {
  out=$1; shift
  "$EREP" verify "$@" > "$out.txt" 2> "$out.err"
  python3 - "$out.txt" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
first = t.split("\n", 1)[0]
v = first.split(":")[0].strip() or "ERROR"
st = re.search(r"abstract states:\s+(\d+)", t)
w = re.search(r"wall time:\s+([\d.]+)", t)
enc = re.search(r"analysis:\s+\S+ \((\w+)\)", t)
last = re.search(r"final ARG (\d+)", t)
print(v, st.group(1) if st else "-", w.group(1) if w else "-", enc.group(1) if enc else "-",
      last.group(1) if last else "-")
PY
}

if echo "$PARTS" | grep -q locks; then
  # LBE is there when a run without --sbe says so in its statistics
  set -- $(run "$T/probe" "$HERE/../tests/data/verify/safe.c" --analysis predicate)
  lbe=$4
  echo "test_locks (predicate analysis, limit ${LOCKS_LIMIT} s)"
  echo "(states: all rounds/final ARG)"
  printf '%-14s %8s %16s %8s %8s %16s %8s\n' program LBE LBE-states LBE-s SBE SBE-states SBE-s
  for n in $LOCKS; do
    p=$C/cmc2011/locks/test_locks_$n.c
    lv=n/a ls=n/a lt=n/a
    if [ "$lbe" = LBE ]; then
      set -- $(run "$T/lbe$n" "$p" --analysis predicate --time-limit "$LOCKS_LIMIT")
      lv=$1 ls=$2/$5 lt=$3
    fi
    set -- $(run "$T/sbe$n" "$p" --analysis predicate --sbe --time-limit "$LOCKS_LIMIT")
    printf '%-14s %8s %16s %8s %8s %16s %8s\n' "test_locks_$n" "$lv" "$ls" "$lt" "$1" "$2/$5" "$3"
    [ "$n" = 10 ] && { r10l=$lt; r10s=$3; r10v=$1; }
    for v in "$lv" "$1"; do [ "$v" = FALSE ] && bad=1; done
  done
  if [ -n "${r10s:-}" ]; then
    if [ "${r10l:-n/a}" = n/a ]; then
      echo "SBE/LBE time ratio at test_locks_10: n/a (no LBE yet; SBE ${r10s} s)"
    else
      # an SBE run cut by the limit gives a lower bound
      python3 -c "import sys; l=float(sys.argv[1]); s=float(sys.argv[2]); lb=sys.argv[3] != 'TRUE'; print('SBE/LBE time ratio at test_locks_10: %s%.1fx (SBE %.3f s%s, LBE %.3f s)' % ('at least ' if lb else '', s/max(l,1e-3), s, ' (' + sys.argv[3] + ', cut by the limit)' if lb else '', l))" "$r10l" "$r10s" "$r10v"
    fi
  fi
  echo
fi

# expected verdict of a task: TRUE or FALSE
expected() {
  case $1 in
    */cmc2011/*) case $1 in *BUG*) echo FALSE ;; *) echo TRUE ;; esac ;;
    *) y=${1%.[ci]}.yml
       python3 - "$y" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
m = re.search(r"unreach-call\.prp\s*\n\s*expected_verdict:\s*(\w+)", t)
print({"true": "TRUE", "false": "FALSE"}.get(m.group(1).lower(), "?") if m else "?")
PY
       ;;
  esac
}

# the CMC paper's Table II (CPAchecker, 900 s): solved of the family's programs
paper() {
  case $1 in
    cmc2011/ntdrivers-simplified) echo "CMC Table II: explicit 9/10, predicate 10/10" ;;
    cmc2011/ssh-simplified) echo "CMC Table II: explicit 15/17, predicate 17/17" ;;
    cmc2011/systemc) echo "CMC Table II: explicit 13/17, predicate 10/17 (Table III, other programs: 0/24, 3/24)" ;;
    cmc2011/locks) echo "LBE paper: CPAchecker LBE solves all test_locks" ;;
    *) echo "" ;;
  esac
}

# 3. (PARTS=bdd) the predicate analysis's states as cube lists against
#    BDDs (--bdd, BuDDy) on test_locks_5 ... 15 and on the BDD_TASKS
#    (cmc2011 ssh and systemc tasks with several cubes a state), each
#    pair run in turn: verdict, states, seconds, and the time ratio BDD/cubes.
if echo "$PARTS" | grep -q bdd; then
  BDD_TASKS=${BDD_TASKS:-$(for n in $LOCKS; do printf 'cmc2011/locks/test_locks_%s.c ' "$n"; done) cmc2011/ssh-simplified/s3_clnt_1_BUG.cil.c cmc2011/ssh-simplified/s3_srvr_1a.cil.c cmc2011/ssh-simplified/s3_srvr_2_BUG.cil.c cmc2011/ssh-simplified/s3_srvr_14_BUG.cil.c cmc2011/systemc/bist_cell.cil.c cmc2011/systemc/pc_sfifo_2.cil.c cmc2011/systemc/token_ring.01.cil.c cmc2011/systemc/token_ring.02.cil.c cmc2011/systemc/transmitter.02.BUG.cil.c}
  echo "predicate analysis (LBE): states as cube lists against BDDs (--bdd), limit $LIMIT s"
  printf '%-28s %8s %12s %8s %8s %12s %8s %8s\n' task cubes states s BDD states s BDD/cubes
  for t in $BDD_TASKS; do
    p=$(at "$t")
    [ -f "$p" ] || continue
    b=$(basename "$p" .c)
    set -- $(run "$T/cubes-$b" "$p" --analysis predicate --time-limit "$LIMIT")
    cv=$1 cs=$2/$5 ct=$3
    set -- $(run "$T/bdd-$b" "$p" --analysis predicate --bdd --time-limit "$LIMIT")
    r=$(python3 -c "import sys; print('%.2f' % (float(sys.argv[2]) / max(float(sys.argv[1]), 1e-3)))" "$ct" "$3")
    printf '%-28s %8s %12s %8s %8s %12s %8s %8s\n' "$b" "$cv" "$cs" "$ct" "$1" "$2/$5" "$3" "$r"
    exp=$(expected "$p")
    for v in "$cv" "$1"; do
      case $v in TRUE|FALSE) [ "$v" = "$exp" ] || { bad=1; echo "  WRONG: $b: $v, expected $exp" >&2; } ;; esac
    done
  done
  echo
fi

# 4. (PARTS=precision) the predicate analysis's precision, side by side:
#    for each of PREC_CONFIGS (scope:refinement, --predicate-scope and
#    --refinement) on each of PREC_TASKS: verdict, seconds, refinements,
#    predicates and predicates per refinement; per configuration the
#    decided count, total seconds, predicates per refinement and the time
#    of a refinement (the statistics' "refinement time") in all.
if echo "$PARTS" | grep -q precision; then
  PREC_TASKS=${PREC_TASKS:-$(cd "$C" && ls cmc2011/systemc/*.c cmc2011/ssh-simplified/*.c cmc2011/ntdrivers-simplified/diskperf*.c 2>/dev/null)}
  PREC_CONFIGS=${PREC_CONFIGS:-location:preconditions global:preconditions global:cuts}
  echo "predicate analysis: precision (--predicate-scope:--refinement), limit $LIMIT s"
  printf '%-28s' task
  for cf in $PREC_CONFIGS; do printf ' | %-26s' "$cf"; done
  echo
  for cf in $PREC_CONFIGS; do k=$(echo "$cf" | tr ':-' '__'); eval "d_$k=0 s_$k=0 r_$k=0 n_$k=0 rs_$k=0"; done
  for t in $PREC_TASKS; do
    p=$(at "$t")
    [ -f "$p" ] || continue
    b=$(basename "$p" .c)
    printf '%-28s' "$b"
    exp=$(expected "$p")
    for cf in $PREC_CONFIGS; do
      k=$(echo "$cf" | tr ':-' '__')
      set -- $(run "$T/prec-$k-$b" "$p" --analysis predicate --predicate-scope "${cf%%:*}" --refinement "${cf##*:}" --time-limit "$LIMIT")
      v=$1 secs=$3
      ref=$(sed -n 's/^ *refinements: *\([0-9]*\).*/\1/p' "$T/prec-$k-$b.txt")
      np=$(sed -n 's/^ *predicates: *\([0-9]*\).*/\1/p' "$T/prec-$k-$b.txt")
      rs=$(sed -n 's/^ *refinement time: *\([0-9.]*\) s.*/\1/p' "$T/prec-$k-$b.txt")
      ref=${ref:-0} np=${np:-0} rs=${rs:-0}
      printf ' | %-7s %6s s %3s ref %4s pr' "$v" "$secs" "$ref" "$np"
      case $v in TRUE|FALSE) eval "d_$k=\$((d_$k + 1))"
        [ "$v" = "$exp" ] || { bad=1; echo; echo "  WRONG: $cf $b: $v, expected $exp" >&2; } ;; esac
      eval "s_$k=\$(python3 -c 'import sys; print(float(sys.argv[1]) + float(sys.argv[2]))' \$s_$k $secs)"
      eval "r_$k=\$((r_$k + ref)) n_$k=\$((n_$k + np))"
      eval "rs_$k=\$(python3 -c 'import sys; print(float(sys.argv[1]) + float(sys.argv[2]))' \$rs_$k $rs)"
    done
    echo
  done
  for cf in $PREC_CONFIGS; do
    k=$(echo "$cf" | tr ':-' '__')
    eval "printf '%-26s decided %3s, %8.1f s in all, %s predicates in %s refinements (%s a refinement, %s ms a refinement)\n' \"$cf\" \$d_$k \$s_$k \$n_$k \$r_$k \"\$(python3 -c 'import sys; r=int(sys.argv[2]); print(\"%.1f\" % (int(sys.argv[1]) / r) if r else \"-\")' \$n_$k \$r_$k)\" \"\$(python3 -c 'import sys; r=int(sys.argv[2]); print(\"%.0f\" % (1000 * float(sys.argv[1]) / r) if r else \"-\")' \$rs_$k \$r_$k)\""
  done
  echo
fi

if echo "$PARTS" | grep -q families; then
  echo "families (limit $LIMIT s; WRONG must be 0)"
  printf '%-30s %-9s %5s %5s %5s %7s %5s %6s %8s  %s\n' family analysis tasks TRUE FALSE UNKNOWN WRONG REPLAY seconds paper
  for fam in $FAMILIES; do
    [ -d "$C/$fam" ] || continue
    for an in $ANALYSES; do
      nt=0 nT=0 nF=0 nU=0 nW=0 nR=0 secs=0
      for p in "$C/$fam"/*.c "$C/$fam"/*.i; do
        [ -f "$p" ] || continue
        exp=$(expected "$p")
        [ "$exp" = "?" ] && continue
        b=$(basename "$p"); b=${b%.[ci]}
        o=$T/$(echo "$fam" | tr / _)-$an-$b
        rm -rf "$o.dir"
        set -- $(run "$o" "$p" --analysis "$an" --time-limit "$LIMIT" -o "$o.dir")
        nt=$((nt + 1))
        why=
        # why an UNKNOWN: its verdict line's reason
        [ "$1" = UNKNOWN ] && why=$(head -1 "$o.txt" | sed 's/^UNKNOWN: *//' | cut -c1-70)
        [ -n "${TASKS:-}" ] && printf '  %-9s %-34s %-8s %8s  %s\n' "$an" "$b" "$1" "$3" "$why"
        secs=$(python3 -c "import sys; print('%.1f' % (float(sys.argv[1]) + (float(sys.argv[2]) if sys.argv[2] != '-' else 0)))" "$secs" "$3")
        case $1 in
          TRUE) nT=$((nT + 1)) ;;
          FALSE) nF=$((nF + 1))
                 if ! EREP=$EREP "$REPLAY" "$p" "$o.dir/counterexample.json" > "$o.replay" 2>&1; then
                   nR=$((nR + 1)); bad=1; echo "  REPLAY FAILED: $an $fam/$b (see $o.replay)" >&2
                 fi ;;
          *) nU=$((nU + 1)) ;;
        esac
        if { [ "$1" = TRUE ] || [ "$1" = FALSE ]; } && [ "$1" != "$exp" ]; then
          nW=$((nW + 1)); bad=1; echo "  WRONG: $an $fam/$b: $1, expected $exp" >&2
        fi
      done
      printf '%-30s %-9s %5s %5s %5s %7s %5s %6s %8s  %s\n' "$fam" "$an" "$nt" "$nT" "$nF" "$nU" "$nW" "$nR" "$secs" "$(paper "$fam")"
    done
  done
fi
exit $bad
