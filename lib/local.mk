# lib/: the base layer (doc/layers.md): allocation funnel, arenas and
# vectors, hash maps, strings, atomic output files and directories, input
# files, escaping of foreign text, signals, a run's limits and clock, the
# progress line, the deep stack, typed statuses. Every folder may use it;
# it uses none of them, and it is built with no library's flags.
noinst_LIBRARIES += lib/libbase.a
lib_libbase_a_SOURCES = lib/mem.c lib/mem.h lib/hmap.c lib/hmap.h \
  lib/outfile.c lib/outfile.h lib/sbuf.c lib/sbuf.h lib/status.h lib/sigwatch.c lib/sigwatch.h \
  lib/file.c lib/file.h lib/bigstack.c lib/bigstack.h \
  lib/esc.c lib/esc.h lib/outdir.c lib/outdir.h lib/progress.c lib/progress.h \
  lib/lim.c lib/lim.h lib/stop.c lib/stop.h lib/race.c lib/race.h \
  lib/pool.c lib/pool.h

check_PROGRAMS += tests/outfile_test
tests_outfile_test_SOURCES = tests/outfile_test.c
tests_outfile_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_outfile_test_CPPFLAGS = $(ALL_CPPFLAGS)
tests_outfile_test_LDADD = $(EREP_LIBS) $(CHECK_LIBS)
TESTS += tests/outfile_test

check_PROGRAMS += tests/esc_test
tests_esc_test_SOURCES = tests/esc_test.c
tests_esc_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_esc_test_LDADD = $(EREP_LIBS) $(CHECK_LIBS)
TESTS += tests/esc_test
