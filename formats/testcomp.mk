# fragment of Makefile.am for the Test-Comp writer and replay (owned by the tests/replay work)
# `erep tests`: Test-Comp suite, C harness, instrumented program and run.sh
# (formats/testcomp.c, filled from the report by report/testvec.c);
# tests/replay.sh runs them with gcov, tests/tests_export.sh runs run.sh
# on every sample and validates the XML against the shipped DTDs.
formats_libformats_a_SOURCES += formats/testcomp.c formats/testcomp.h
TESTS += tests/tests_cli.sh tests/tests_export.sh
EXTRA_DIST += tests/tests_cli.sh tests/tests_export.sh tests/replay.sh \
  bench/replay.sh bench/tests_export.sh tests/data/replay tests/data/testcomp
