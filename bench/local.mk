# deterministic reports over the whole corpus (tests/report_determinism.sh, longer)
EXTRA_DIST += bench/determinism.sh

EXTRA_DIST += bench/lbe.sh
EXTRA_DIST += bench/cfa_parse.sh bench/match.sh bench/report.sh bench/compare.sh bench/depth.sh bench/lib.sh bench/browse.sh bench/dot.sh
