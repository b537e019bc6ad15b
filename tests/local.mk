# tests/: unit tests (Check) and end-to-end scripts for the front end.
check_PROGRAMS += tests/cfa_test
tests_cfa_test_SOURCES = tests/cfa_test.c
tests_cfa_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_cfa_test_CPPFLAGS = $(ALL_CPPFLAGS)
tests_cfa_test_LDADD = $(EREP_LIBS) $(CHECK_LIBS)
TESTS += tests/layers.sh tests/cfa_test tests/cfa_cli.sh tests/cfa_corpus.sh tests/match_corpus.sh tests/report_cli.sh tests/report_replay.sh tests/report_corpus.sh tests/report_fit.sh
EXTRA_DIST += tests/layers.sh tests/cfa_cli.sh tests/cfa_corpus.sh tests/lib.sh tests/match_corpus.sh tests/report_cli.sh tests/report_replay.sh tests/report_corpus.sh tests/report_fit.sh
check_PROGRAMS += tests/rawmatch_test
tests_rawmatch_test_SOURCES = tests/rawmatch_test.c
tests_rawmatch_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_rawmatch_test_CPPFLAGS = $(ALL_CPPFLAGS)
tests_rawmatch_test_LDADD = $(EREP_LIBS) $(CHECK_LIBS)
TESTS += tests/rawmatch_test
check_PROGRAMS += tests/report_test
tests_report_test_SOURCES = tests/report_test.c
tests_report_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_report_test_CPPFLAGS = $(ALL_CPPFLAGS)
tests_report_test_LDADD = $(EREP_LIBS) $(CHECK_LIBS)
TESTS += tests/report_test
EXTRA_DIST += tests/data/flow/setjmp.c tests/data/flow/setjmp.aa.txt \
  tests/data/flow/longjmp.c tests/data/flow/longjmp.aa.txt

# Memory checks of the unit tests (not part of `make check`: slow).
# check-valgrind: every Check test in one process under valgrind.
# check-asan: a separate build with AddressSanitizer and UBSan, then make check.
UNIT_TESTS = tests/cfa_test tests/rawmatch_test tests/report_test tests/core_test \
  tests/dot_test
check-valgrind: $(UNIT_TESTS)
	@for t in $(UNIT_TESTS); do \
	  echo "valgrind $$t"; \
	  EREP_SRCDIR='$(abs_top_srcdir)' CK_FORK=no CK_DEFAULT_TIMEOUT=600 valgrind -q \
	    --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite \
	    --error-exitcode=1 ./$$t || exit 1; \
	done
check-asan:
	rm -rf build-asan && $(MAKE) distdir distdir=build-asan >/dev/null && cd build-asan && \
	  ./configure --enable-werror \
	    CFLAGS='-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined' \
	    LDFLAGS='-fsanitize=address,undefined' >/dev/null && \
	  $(MAKE) -j2 >/dev/null && \
	  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	    EREP_CORPUS='$(abs_top_srcdir)/../shared/corpus' $(MAKE) check
.PHONY: check-valgrind check-asan
# the analysis core's pieces: value domain, automaton step, product, CEGAR
check_PROGRAMS += tests/core_test
tests_core_test_SOURCES = tests/core_test.c
tests_core_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_core_test_CPPFLAGS = $(ALL_CPPFLAGS)
tests_core_test_LDADD = $(EREP_LIBS) $(CHECK_LIBS)
TESTS += tests/core_test
# erep dot: every view of every sample renders, deterministically, escaped
TESTS += tests/dot_views.sh
EXTRA_DIST += tests/dot_views.sh
check_PROGRAMS += tests/dot_test
tests_dot_test_SOURCES = tests/dot_test.c
tests_dot_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_dot_test_CPPFLAGS = $(ALL_CPPFLAGS)
tests_dot_test_LDADD = $(EREP_LIBS) $(CHECK_LIBS)
TESTS += tests/dot_test
