# report/: the execution-report model and its JSON (doc/report.md), the
# searches that fill it from the analyses (explore for `erep report`,
# verify for `erep verify`), coverage, the diff of two reports, traces as
# test vectors, and the pictures (dot, also `erep cfa --dot`). Uses every
# layer below (doc/layers.md); built with jansson's, nettle's and
# Graphviz's flags.
noinst_LIBRARIES += report/libreport.a
report_libreport_a_CPPFLAGS = $(AM_CPPFLAGS) $(JANSSON_CFLAGS) $(NETTLE_CFLAGS) $(XML_CFLAGS) \
  $(CGRAPH_CFLAGS) $(GVC_CFLAGS)
report_libreport_a_SOURCES = report/report.c report/report.h \
  report/rjson.c report/rjson.h report/coverage.c report/coverage.h \
  report/run.c report/run.h report/compose.c report/diff.c report/diff.h \
  report/dot.c report/dot.h report/dot_types.h report/dot_base.c report/dot_base.h report/dot_aa.c report/dot_aa.h report/html.c report/html.h report/html_app.h \
  report/testvec.c report/testvec.h \
  report/suite.c report/suite.h

# Fuzzing the report reader (not part of check): `make fuzz-report
# [FUZZ_SECONDS=600]` builds tests/fuzz_report with clang-14, libFuzzer and
# ASan/UBSan (the flags of `make fuzz`) and runs it on one core, seeded with
# the reports of the samples and of tests/data/undefined (undefined and
# unknown steps) (erep report and erep verify -o) and the unit
# tests' reports, with a JSON dictionary. Crashes land in
# tests/fuzz_artifacts/report-*.
FUZZ_REPORT_SRC = $(srcdir)/report/rjson.c $(srcdir)/report/report.c \
  $(srcdir)/report/coverage.c $(FUZZ_LIB_SRC)
FUZZ_REPORT_RUN_FLAGS = -max_len=65536 -rss_limit_mb=2048 -timeout=10 \
  -print_final_stats=1 -dict=$(srcdir)/tests/fuzz_report.dict
CLEANFILES += tests/fuzz_report tests/fuzz_report.log
EXTRA_DIST += tests/fuzz_report.c tests/fuzz_report.dict

tests/fuzz_report: tests/fuzz_report.c $(FUZZ_REPORT_SRC) report/rjson.h \
  report/report.h
	$(FUZZ_CC) $(FUZZ_FLAGS) $(JANSSON_CFLAGS) $(NETTLE_CFLAGS) -o $@ \
	  $(srcdir)/tests/fuzz_report.c $(FUZZ_REPORT_SRC) $(JANSSON_LIBS) \
	  $(NETTLE_LIBS)

fuzz-report: tests/fuzz_report erep$(EXEEXT)
	@set -e; d=`mktemp -d`; trap 'rm -rf "$$d"' EXIT; \
	mkdir -p "$$d/work" "$$d/seed" tests/fuzz_artifacts; \
	i=0; for c in $(srcdir)/samples/*.c $(srcdir)/tests/data/undefined/*.c; do \
	  i=$$((i + 1)); \
	  ./erep$(EXEEXT) report "$$c" "$${c%.c}.aa.txt" --time-limit 20 \
	    -o "$$d/seed/$$i.json" >/dev/null 2>&1 || :; \
	  ./erep$(EXEEXT) verify "$$c" --time-limit 20 -o "$$d/v$$i" \
	    >/dev/null 2>&1 || :; \
	  [ ! -f "$$d/v$$i/report.json" ] || \
	    mv "$$d/v$$i/report.json" "$$d/seed/v$$i.json"; \
	  rm -rf "$$d/v$$i"; \
	done; \
	cp $(srcdir)/tests/data/replay/*.json "$$d/seed/"; \
	echo "fuzzing the report reader for $(FUZZ_SECONDS) s;" \
	  "seeds: `ls "$$d/seed" | wc -l` reports"; \
	$(SHELL) $(srcdir)/tests/fuzz_run.sh report ./tests/fuzz_report \
	  $(FUZZ_SECONDS) "$$d/work" "$$d/seed" $(FUZZ_REPORT_RUN_FLAGS)
.PHONY: fuzz-report
