# smt/: bit-precise path feasibility with Z3 (doc/layers.md). Layers,
# lowest first: smtz (Z3 plumbing), smtc (the path's constraints), smtm
# (memory model), smte (expressions and edges), smt + smt_formula (the
# session and its public API; smt_int.h is their shared state). Uses lib/
# and program/ (the CFA); built with Z3's flags.
noinst_LIBRARIES += smt/libsmt.a
smt_libsmt_a_CPPFLAGS = $(AM_CPPFLAGS) $(Z3_CFLAGS)
smt_libsmt_a_SOURCES = smt/smt.c smt/smt.h \
  smt/smtz.c smt/smtz.h smt/smtc.c smt/smtc.h \
  smt/smtm.c smt/smtm.h smt/smtm_int.h smt/smtm_layout.c smt/smtm_array.c \
  smt/smte.c smt/smte.h \
  smt/smt_formula.c smt/smt_formula.h smt/smt_int.h smt/smt_input.h
check_PROGRAMS += tests/smt_test
TESTS += tests/smt_test
tests_smt_test_SOURCES = tests/smt_test.c tests/smt_test.h \
  tests/smt_memory_test.c tests/smt_formula_test.c
tests_smt_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_smt_test_CPPFLAGS = $(ALL_CPPFLAGS)
tests_smt_test_LDADD = $(EREP_LIBS) $(CHECK_LIBS)
# large-block encoding: the summarisation rules and blocks as SMT steps;
# erep cfa --lbe
check_PROGRAMS += tests/lbe_test
TESTS += tests/lbe_test
tests_lbe_test_SOURCES = tests/lbe_test.c tests/tbuild.h
tests_lbe_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_lbe_test_CPPFLAGS = $(ALL_CPPFLAGS)
tests_lbe_test_LDADD = $(EREP_LIBS) $(CHECK_LIBS)
TESTS += tests/lbe_cli.sh
EXTRA_DIST += tests/lbe_cli.sh
# random walks through summarised corpus programs: blocks against their
# statement-level paths (tests/lbe_corpus.sh)
check_PROGRAMS += tests/lbe_walk
tests_lbe_walk_SOURCES = tests/lbe_walk.c
tests_lbe_walk_CPPFLAGS = $(ALL_CPPFLAGS)
tests_lbe_walk_LDADD = $(EREP_LIBS)
TESTS += tests/lbe_corpus.sh
EXTRA_DIST += tests/lbe_corpus.sh
