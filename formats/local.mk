# formats/: readers and writers of files erep exchanges with other tools
# (doc/layers.md). This fragment: assumption automata (aa.h: CPAchecker
# text and GraphML), their tests and fuzzing; formats/testcomp.mk adds the
# Test-Comp writer. Uses lib/; built with libxml2's and jansson's flags.
noinst_LIBRARIES += formats/libformats.a
formats_libformats_a_CPPFLAGS = $(AM_CPPFLAGS) $(XML_CFLAGS) $(JANSSON_CFLAGS)
formats_libformats_a_SOURCES = formats/aa.h formats/aa_text.c formats/aa_write.c \
  formats/aa_graphml.c formats/aa_load.c formats/witness.c formats/witness.h

check_PROGRAMS += tests/aa_test
tests_aa_test_SOURCES = tests/aa_test.c
tests_aa_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_aa_test_CPPFLAGS = $(ALL_CPPFLAGS)
tests_aa_test_LDADD = $(EREP_LIBS) $(CHECK_LIBS)
TESTS += tests/aa_test tests/aa_corpus.sh tests/aa_bad.sh
EXTRA_DIST += tests/aa_corpus.sh tests/aa_bad.sh tests/data/aa \
  bench/aa_load.sh tests/fuzz_aa_text.c tests/fuzz_aa_graphml.c

# load time and memory of one automaton, for bench/aa_load.sh
check_PROGRAMS += bench/aa_load_stat
bench_aa_load_stat_SOURCES = bench/aa_load_stat.c
bench_aa_load_stat_LDADD = $(EREP_LIBS)
bench_aa_load_stat_CPPFLAGS = $(ALL_CPPFLAGS)

# Fuzzing (not part of check): `make fuzz [FUZZ_SECONDS=600]` builds the
# libFuzzer targets with clang-14 and ASan/UBSan from the sources and runs
# both for FUZZ_SECONDS each (in parallel), seeded with the corpus automata
# and their GraphML forms. Crashes land in tests/fuzz_artifacts/.
FUZZ_SECONDS = 600
FUZZ_CC = clang-14
FUZZ_FLAGS = -g -O1 -fsanitize=fuzzer,address,undefined \
  -fno-sanitize-recover=all -I$(srcdir) -I$(builddir) $(XML_CFLAGS)
# the whole base layer (lib/local.mk's sources): a module that starts using
# another lib/ file then cannot break the fuzz targets' link (it did once:
# file.c, sbuf.c, esc.c were missing), and CI builds every target (.ci/run).
FUZZ_LIB_SRC = $(srcdir)/lib/mem.c $(srcdir)/lib/hmap.c $(srcdir)/lib/outfile.c \
  $(srcdir)/lib/sbuf.c $(srcdir)/lib/sigwatch.c $(srcdir)/lib/file.c \
  $(srcdir)/lib/bigstack.c $(srcdir)/lib/esc.c $(srcdir)/lib/outdir.c \
  $(srcdir)/lib/progress.c $(srcdir)/lib/lim.c $(srcdir)/lib/stop.c \
  $(srcdir)/lib/race.c $(srcdir)/lib/pool.c
FUZZ_AA_SRC = $(srcdir)/formats/aa_text.c $(srcdir)/formats/aa_write.c \
  $(srcdir)/formats/aa_graphml.c $(srcdir)/formats/aa_load.c \
  $(FUZZ_LIB_SRC)
FUZZ_RUN_FLAGS = -max_len=65536 -rss_limit_mb=2048 -timeout=10 \
  -print_final_stats=1
CLEANFILES += tests/fuzz_aa_text tests/fuzz_aa_graphml tests/fuzz_aa_text.log \
  tests/fuzz_aa_graphml.log

tests/fuzz_aa_text: tests/fuzz_aa_text.c $(FUZZ_AA_SRC) formats/aa.h
	$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $(srcdir)/tests/fuzz_aa_text.c \
	  $(FUZZ_AA_SRC) $(XML_LIBS)
tests/fuzz_aa_graphml: tests/fuzz_aa_graphml.c $(FUZZ_AA_SRC) formats/aa.h
	$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $(srcdir)/tests/fuzz_aa_graphml.c \
	  $(FUZZ_AA_SRC) $(XML_LIBS)

fuzz: tests/fuzz_aa_text tests/fuzz_aa_graphml erep$(EXEEXT)
	@set -e; d=`mktemp -d`; trap 'rm -rf "$$d"' EXIT; \
	c="$${EREP_CORPUS:-$(abs_top_srcdir)/../shared/corpus}/aa"; \
	mkdir -p "$$d/text" "$$d/graphml" "$$d/seed-text" "$$d/seed-graphml" \
	  tests/fuzz_artifacts; \
	i=0; for f in `find "$$c" -type f \( -name '*.txt' -o -name '*.spc' \
	  -o -name '*.assumption_automaton' -o -name '*.swapped' \)` \
	  `ls $(srcdir)/tests/data/aa/*.txt $(srcdir)/tests/data/aa/fuzz/* \
	     2>/dev/null`; do \
	  i=$$((i + 1)); cp "$$f" "$$d/seed-text/$$i"; \
	  ./erep$(EXEEXT) convert "$$f" -o "$$d/seed-graphml/$$i.graphml" \
	    2>/dev/null || :; \
	done; \
	cp $(srcdir)/tests/data/aa/*.graphml "$$d/seed-graphml/"; \
	echo "fuzzing for $(FUZZ_SECONDS) s each; seeds: $$i automata"; \
	$(SHELL) $(srcdir)/tests/fuzz_run.sh aa_text ./tests/fuzz_aa_text \
	  $(FUZZ_SECONDS) "$$d/text" "$$d/seed-text" $(FUZZ_RUN_FLAGS) \
	  > "$$d/text.out" & p1=$$!; \
	$(SHELL) $(srcdir)/tests/fuzz_run.sh aa_graphml ./tests/fuzz_aa_graphml \
	  $(FUZZ_SECONDS) "$$d/graphml" "$$d/seed-graphml" $(FUZZ_RUN_FLAGS) \
	  > "$$d/graphml.out" & p2=$$!; \
	r=0; wait $$p1 || r=1; wait $$p2 || r=1; \
	cat "$$d/text.out" "$$d/graphml.out"; exit $$r
.PHONY: fuzz
