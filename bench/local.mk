EXTRA_DIST += bench/cfa_parse.sh bench/match.sh bench/report.sh bench/compare.sh \
  bench/dot.sh
