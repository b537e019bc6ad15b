#!/bin/sh
# Two builds of erep side by side on one workload (issue #13's solver
# changes): EREP against EREP_BASE (build the base from an older commit,
# e.g. `git worktree add /tmp/base c8ff291` and build there), paired run by
# run so that the ratio holds while the machine's speed drifts. With
# farm-bench on the PATH it prints its min/median/max and the A/B ratio
# (quote the median); without it, each workload's wall seconds in turn.
#
# Workloads (WORK=report|verify|locks|both, default both = report and
# verify):
#   report  erep report --analysis predicate on test_locks_15 with the
#           depth-30 automaton (every trace checked by Z3)
#   verify  five erep verify runs: s3_srvr_6, transmitter.04.BUG and
#           cdaudio_simpl1 with --analysis explicit; token_ring.01 and
#           floppy_simpl3 with --analysis predicate
#   locks   erep verify --analysis predicate on test_locks_15 (LBE): the
#           whole process, loading and the Z3 context included
# With farm-bench, each prints wall seconds and peak memory (MiB) of A
# and B, and A/B.
#
# usage: EREP_BASE=/path/to/old/erep bench/pair.sh   (env: EREP=./erep,
#        EREP_CORPUS, RUNS=5, WORK)
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
bench_setup
[ -n "${EREP_BASE:-}" ] || { echo "bench/pair.sh: set EREP_BASE to the erep to compare with" >&2; exit 2; }
case $EREP_BASE in */*) EREP_BASE=$(cd "$(dirname "$EREP_BASE")" && pwd)/$(basename "$EREP_BASE") ;; esac
RUNS=${RUNS:-5}
WORK=${WORK:-both}
depth_aa 30 "$T/d30.aa"
S=$C/cmc2011
cat > "$T/report.sh" <<SH
#!/bin/sh
exec "\$1" report "$S/locks/test_locks_15.c" "$T/d30.aa" --analysis predicate --time-limit 60 -o "$T/r-\$\$.json" > /dev/null 2>&1
SH
cat > "$T/verify.sh" <<SH
#!/bin/sh
for a in ssh-simplified/s3_srvr_6.cil.c:explicit systemc/transmitter.04.BUG.cil.c:explicit \
         ntdrivers-simplified/cdaudio_simpl1.cil.c:explicit systemc/token_ring.01.cil.c:predicate \
         ntdrivers-simplified/floppy_simpl3.cil.c:predicate; do
  "\$1" verify "$S/\${a%%:*}" --analysis "\${a##*:}" --time-limit 60 > /dev/null 2>&1
done
SH
cat > "$T/locks.sh" <<SH
#!/bin/sh
exec "\$1" verify "$S/locks/test_locks_15.c" --analysis predicate --time-limit 60 > /dev/null 2>&1
SH
chmod +x "$T/report.sh" "$T/verify.sh" "$T/locks.sh"
for w in report verify locks; do
  case $WORK in both) [ $w != locks ] || continue ;; $w) ;; *) continue ;; esac
  echo "== $w: A = $EREP, B = $EREP_BASE"
  if command -v farm-bench > /dev/null; then
    farm-bench -n "$RUNS" --timeout 3600 --vs "$T/$w.sh $EREP_BASE" -- "$T/$w.sh" "$EREP" 2>&1 | grep -E "wall|peak"
  else
    i=0
    while [ $i -lt "$RUNS" ]; do
      for b in "$EREP" "$EREP_BASE"; do
        s=$(date +%s%N); "$T/$w.sh" "$b"; e=$(date +%s%N)
        printf '%s %s %.3f s\n' "$w" "$b" "$(awk -v n=$((e - s)) 'BEGIN{print n/1e9}')"
      done
      i=$((i + 1))
    done
  fi
done
