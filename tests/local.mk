# tests/: unit tests (Check) and end-to-end scripts for the front end.
check_PROGRAMS += tests/cfa_test
tests_cfa_test_SOURCES = tests/cfa_test.c
tests_cfa_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_cfa_test_LDADD = $(EREP_LIBS) $(CHECK_LIBS)
TESTS += tests/cfa_test tests/cfa_cli.sh tests/cfa_corpus.sh tests/match_corpus.sh tests/report_cli.sh tests/report_replay.sh
EXTRA_DIST += tests/cfa_cli.sh tests/cfa_corpus.sh tests/lib.sh tests/match_corpus.sh tests/report_cli.sh tests/report_replay.sh
check_PROGRAMS += tests/rawmatch_test
tests_rawmatch_test_SOURCES = tests/rawmatch_test.c
tests_rawmatch_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_rawmatch_test_LDADD = $(EREP_LIBS) $(CHECK_LIBS)
TESTS += tests/rawmatch_test
check_PROGRAMS += tests/report_test
tests_report_test_SOURCES = tests/report_test.c
tests_report_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_report_test_LDADD = $(EREP_LIBS) $(CHECK_LIBS)
TESTS += tests/report_test
