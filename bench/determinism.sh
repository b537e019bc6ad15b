#!/bin/bash
# Determinism of erep report over the whole corpus: every pair run 5 times
# (drivers64 to the end of its search), reports compared without their
# timing fields. The checks are tests/report_determinism.sh's; this only
# runs them longer. Run it with address randomisation on (not under
# setarch -R).
# usage: bench/determinism.sh [path/to/erep] [corpus] [runs, default 5]
D=$(dirname "$0")
EREP=${1:-./erep}
C=${2:-$D/../../shared/corpus}
[ -f "$C/INDEX.md" ] || { echo "skipped: corpus not found"; exit 0; }
EREP=$EREP EREP_CORPUS=$C EREP_SRCDIR=$D/.. EREP_DET_RUNS=${3:-5} EREP_DET_DRV_LIMIT=0 \
  bash "$D/../tests/report_determinism.sh"
