# deterministic reports over the whole corpus (tests/report_determinism.sh, longer)
EXTRA_DIST += bench/determinism.sh
# the limits of issue 23, two builds side by side
EXTRA_DIST += bench/limits.sh

EXTRA_DIST += bench/lbe.sh
EXTRA_DIST += bench/cfa_parse.sh bench/match.sh bench/report.sh bench/compare.sh bench/verify_compare.sh bench/callgrind.sh bench/depth.sh bench/lib.sh bench/browse.sh bench/dot.sh bench/verify.sh bench/report_predicate.sh bench/pair.sh
# jansson's own parse time of a report: the floor of browse's first screen
check_PROGRAMS += bench/json_floor
bench_json_floor_SOURCES = bench/json_floor.c
bench_json_floor_CFLAGS = $(AM_CFLAGS) $(JANSSON_CFLAGS)
bench_json_floor_LDADD = $(JANSSON_LIBS)
# conditional model checking (issue 25): the chain beside the CMC paper, round trips, soundness
EXTRA_DIST += bench/cmc.sh bench/dot_views.sh bench/html.sh bench/witness.sh bench/fold_classes.py
