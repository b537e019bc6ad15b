# fragment of Makefile.am for the Test-Comp writer and replay (owned by the tests/replay work)
# `erep tests`: Test-Comp suite, C harness and instrumented program
# (formats/testcomp.c); tests/replay.sh runs them with gcov.
formats_libformats_a_SOURCES += formats/testcomp.c formats/testcomp.h
TESTS += tests/tests_cli.sh
EXTRA_DIST += tests/tests_cli.sh tests/replay.sh bench/replay.sh \
  tests/data/replay
