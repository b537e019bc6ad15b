# formats/: readers and writers. This fragment: assumption automata (text
# and GraphML), atomic output files, `erep convert`, their tests, fuzzing.
liberep_a_SOURCES += formats/aa.h formats/aa_text.c formats/aa_graphml.c \
  formats/outfile.h formats/outfile.c \
  cmd_convert.c

check_PROGRAMS += tests/aa_test
tests_aa_test_SOURCES = tests/aa_test.c
tests_aa_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_aa_test_LDADD = $(EREP_LIBS) $(CHECK_LIBS)
TESTS += tests/aa_test tests/aa_corpus.sh tests/aa_bad.sh
EXTRA_DIST += tests/aa_corpus.sh tests/aa_bad.sh tests/data/aa \
  bench/aa_load.sh tests/fuzz_aa_text.c tests/fuzz_aa_graphml.c

# load time and memory of one automaton, for bench/aa_load.sh
check_PROGRAMS += bench/aa_load_stat
bench_aa_load_stat_SOURCES = bench/aa_load_stat.c
bench_aa_load_stat_LDADD = $(EREP_LIBS)
