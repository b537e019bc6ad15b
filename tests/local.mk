# tests/: unit tests (Check) and end-to-end scripts for the front end.
check_PROGRAMS += tests/cfa_test
tests_cfa_test_SOURCES = tests/cfa_test.c
tests_cfa_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_cfa_test_CPPFLAGS = $(ALL_CPPFLAGS)
tests_cfa_test_LDADD = $(EREP_LIBS) $(CHECK_LIBS)
TESTS += tests/layers.sh tests/shape.sh tests/cfa_test tests/cfa_cli.sh tests/cfa_corpus.sh tests/match_corpus.sh tests/report_cli.sh tests/report_replay.sh tests/report_corpus.sh tests/report_fit.sh tests/report_havoc.sh
EXTRA_DIST += tests/layers.sh tests/shape.sh tests/cfa_cli.sh tests/cfa_corpus.sh tests/lib.sh tests/match_corpus.sh tests/report_cli.sh tests/report_replay.sh tests/report_corpus.sh tests/report_fit.sh tests/report_havoc.sh
TESTS += tests/report_outfile.sh tests/report_limits.sh tests/report_signals.sh
EXTRA_DIST += tests/report_outfile.sh tests/report_limits.sh tests/report_signals.sh
check_PROGRAMS += tests/bigstack_test
tests_bigstack_test_SOURCES = tests/bigstack_test.c
tests_bigstack_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_bigstack_test_CPPFLAGS = $(ALL_CPPFLAGS)
tests_bigstack_test_LDADD = $(EREP_LIBS) $(CHECK_LIBS)
TESTS += tests/bigstack_test
# inputs that are not regular files; clang errors; deep nesting
TESTS += tests/input_files.sh tests/cfa_diag.sh tests/deep_nesting.sh
EXTRA_DIST += tests/input_files.sh tests/cfa_diag.sh tests/deep_nesting.sh
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
  tests/data/flow/longjmp.c tests/data/flow/longjmp.aa.txt tests/data/imprecise/parts.c
# the same report on every run, address randomisation or not
TESTS += tests/report_determinism.sh tests/pointer_diff.sh
EXTRA_DIST += tests/report_determinism.sh tests/check_valgrind.sh tests/pointer_diff.sh tests/pointer_gen.py
# no raw control bytes from program, automaton or report text on any output
TESTS += tests/escape_cli.sh
EXTRA_DIST += tests/escape_cli.sh

# Memory checks (not part of `make check`: slow).
# check-valgrind: every Check test in one process under valgrind, then the
# erep binary on the report path (tests/check_valgrind.sh: the samples, and
# corpus pairs when the corpus is there).
# check-asan: a separate build with AddressSanitizer and UBSan, then make check.
UNIT_TESTS = tests/cfa_test tests/rawmatch_test tests/report_test tests/core_test tests/outfile_test
UNIT_TESTS += tests/esc_test tests/dot_test tests/pred_test tests/karr_test tests/suite_test

check-valgrind: $(UNIT_TESTS) erep$(EXEEXT)
	@for t in $(UNIT_TESTS); do \
	  echo "valgrind $$t"; \
	  EREP_SRCDIR='$(abs_top_srcdir)' CK_FORK=no CK_DEFAULT_TIMEOUT=600 valgrind -q \
	    --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite \
	    --error-exitcode=1 ./$$t || exit 1; \
	done
	@$(AM_TESTS_ENVIRONMENT) $(SHELL) $(srcdir)/tests/check_valgrind.sh
check-asan:
	rm -rf build-asan && $(MAKE) distdir distdir=build-asan >/dev/null && cd build-asan && \
	  ./configure --enable-werror \
	    CFLAGS='-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined' \
	    LDFLAGS='-fsanitize=address,undefined' >/dev/null && \
	  $(MAKE) -j2 >/dev/null && \
	  ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions='$(abs_top_srcdir)/tests/lsan.supp' UBSAN_OPTIONS=print_stacktrace=1 \
	    EREP_ASAN=1 EREP_CORPUS='$(abs_top_srcdir)/../shared/corpus' $(MAKE) check
.PHONY: check-valgrind check-asan
# the analysis core's pieces: value domain, automaton step, product, CEGAR
check_PROGRAMS += tests/core_test
tests_core_test_SOURCES = tests/core_test.c
tests_core_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_core_test_CPPFLAGS = $(ALL_CPPFLAGS)
tests_core_test_LDADD = $(EREP_LIBS) $(CHECK_LIBS)
TESTS += tests/core_test
check_PROGRAMS += tests/karr_test
tests_karr_test_SOURCES = tests/karr_test.c tests/tbuild.h
tests_karr_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_karr_test_CPPFLAGS = $(ALL_CPPFLAGS)
tests_karr_test_LDADD = $(EREP_LIBS) $(CHECK_LIBS)
TESTS += tests/karr_test
check_PROGRAMS += tests/pred_test
tests_pred_test_SOURCES = tests/pred_test.c tests/tbuild.h
tests_pred_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_pred_test_CPPFLAGS = $(ALL_CPPFLAGS)
tests_pred_test_LDADD = $(EREP_LIBS) $(CHECK_LIBS)
TESTS += tests/pred_test
TESTS += tests/verify.sh tests/report_predicate.sh tests/verify_corpus.sh
EXTRA_DIST += tests/report_predicate.sh tests/verify_corpus.sh
EXTRA_DIST += tests/data/dotfold/calls.c
EXTRA_DIST += tests/verify.sh tests/data/verify/safe.c tests/data/verify/bug.c tests/data/verify/globals.c tests/data/verify/evenloop.c \
  tests/data/verify/loop.c tests/data/verify/pointer.c tests/data/verify/heap.c tests/data/verify/heap_safe.c tests/data/verify/fib.c tests/data/verify/nullptr.c tests/data/verify/nullptr_bug.c tests/data/verify/decay.c tests/data/verify/floats.c tests/data/verify/floats_safe.c tests/data/verify/float_sse.c tests/data/verify/vla.c tests/data/verify/vla_safe.c \
  tests/data/verify/lost.c tests/data/verify/lost_far.c tests/data/verify/lost_type.c \
  tests/data/verify/blast.c tests/data/verify/lazy.c tests/data/verify/locks3.c \
  tests/data/verify/counters.c tests/data/verify/wide.c
TESTS += tests/diff_cli.sh
EXTRA_DIST += tests/diff_cli.sh tests/data/diff/ifelse-more.aa.txt tests/lsan.supp tests/valgrind.supp
TESTS += tests/report_join.sh tests/report_fnptr.sh tests/report_members.sh
EXTRA_DIST += tests/report_join.sh tests/data/join/oddeven.c tests/data/join/join.aa.txt \
  tests/data/join/tree.aa.txt tests/report_members.sh tests/data/join/members.c \
  tests/data/join/members.aa.txt

# Fuzzing the C front end (not part of check): `make fuzz-cfa
# [FUZZ_SECONDS=600]` builds tests/fuzz_cfa with clang-14, libFuzzer and
# ASan/UBSan (the flags of `make fuzz`) and runs it on one core, seeded with
# the corpus's and the samples' C files (their first 4 KiB), the unit
# tests' programs (tests/data/fuzz_cfa) and a C dictionary. Only erep's
# code is instrumented; libclang is the system's.
# Crashes land in tests/fuzz_artifacts/cfa-*.
FUZZ_CFA_SRC = $(srcdir)/program/frontend.c $(srcdir)/program/frontend_src.c \
  $(srcdir)/program/frontend_expr.c $(srcdir)/program/frontend_stmt.c \
  $(srcdir)/program/cfa.c \
  $(srcdir)/program/expr.c $(srcdir)/program/ctype.c $(FUZZ_LIB_SRC)
FUZZ_CFA_RUN_FLAGS = -max_len=4096 -rss_limit_mb=4096 -timeout=20 \
  -print_final_stats=1 -dict=$(srcdir)/tests/fuzz_cfa.dict
CLEANFILES += tests/fuzz_cfa tests/fuzz_cfa.log
EXTRA_DIST += tests/fuzz_cfa.c tests/fuzz_cfa.dict tests/data/fuzz_cfa tests/fuzz_run.sh

tests/fuzz_cfa: tests/fuzz_cfa.c $(FUZZ_CFA_SRC) program/cfa.h \
  program/frontend_int.h
	$(FUZZ_CC) $(FUZZ_FLAGS) $(CLANG_CFLAGS) -pthread -o $@ \
	  $(srcdir)/tests/fuzz_cfa.c $(FUZZ_CFA_SRC) $(CLANG_LIBS)

fuzz-cfa: tests/fuzz_cfa
	@set -e; d=`mktemp -d`; trap 'rm -rf "$$d"' EXIT; \
	c="$${EREP_CORPUS:-$(abs_top_srcdir)/../shared/corpus}"; \
	mkdir -p "$$d/work" "$$d/seed" tests/fuzz_artifacts; \
	i=0; for f in `find "$$c" -name '*.c' -o -name '*.i' 2>/dev/null` \
	  $(srcdir)/samples/*.c $(srcdir)/tests/data/replay/*.c \
	  $(srcdir)/tests/data/fuzz_cfa/*.c; do \
	  i=$$((i + 1)); head -c 4096 "$$f" > "$$d/seed/$$i.c"; \
	done; \
	echo "fuzzing the C front end for $(FUZZ_SECONDS) s; seeds: $$i C files"; \
	$(SHELL) $(srcdir)/tests/fuzz_run.sh cfa ./tests/fuzz_cfa \
	  $(FUZZ_SECONDS) "$$d/work" "$$d/seed" $(FUZZ_CFA_RUN_FLAGS)
.PHONY: fuzz-cfa
# erep dot: every view of every sample renders, deterministically, escaped
TESTS += tests/swarm.sh
EXTRA_DIST += tests/swarm.sh tests/data/swarm/slow.c tests/data/swarm/small.c
TESTS += tests/dot_views.sh
EXTRA_DIST += tests/dot_views.sh
check_PROGRAMS += tests/dot_test
tests_dot_test_SOURCES = tests/dot_test.c
tests_dot_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_dot_test_CPPFLAGS = $(ALL_CPPFLAGS)
tests_dot_test_LDADD = $(EREP_LIBS) $(CHECK_LIBS)
TESTS += tests/dot_test
EXTRA_DIST += tests/report_fnptr.sh tests/data/fnptr/choice.c \
  tests/data/fnptr/choice.aa.txt tests/data/fnptr/strings.c \
  tests/data/fnptr/strings.aa.txt tests/data/fnptr/parts.c
# unions, bit-fields and designated initialisers against gcc (both data
# models)
TESTS += tests/union_replay.sh
EXTRA_DIST += tests/union_replay.sh tests/data/union/arrays.c \
  tests/data/union/bitfields.c tests/data/union/bytes.c \
  tests/data/union/inputs.c tests/data/union/pointers.c \
  tests/data/union/designated.c
EXTRA_DIST += tests/data/havoc/calls.c
EXTRA_DIST += tests/data/pblock/locks2.c tests/data/pblock/unroll.c tests/data/pblock/unroll.aa.txt
# issue 23: an output is never an input, ids are never paths, no result is
# discarded (guard.h)
TESTS += tests/guard_cli.sh
EXTRA_DIST += tests/guard_cli.sh
# code handed to functions without a body (callbacks, threads): UNKNOWN
TESTS += tests/callback.sh
EXTRA_DIST += tests/callback.sh tests/data/callback/qsort.c \
  tests/data/callback/thread.c tests/data/callback/atexit_ptr.c \
  tests/data/callback/own.c tests/data/callback/any.aa.txt
# edited reports: the harness's numbers are validated on reading
TESTS += tests/tests_edited.sh
EXTRA_DIST += tests/tests_edited.sh
# issue #23, terminal and messages: run.sh text, Test-Comp XML, refusals
TESTS += tests/testcomp_cli.sh tests/messages_cli.sh tests/cfa_assert.sh \
  tests/browse_term.sh
EXTRA_DIST += tests/testcomp_cli.sh tests/messages_cli.sh tests/cfa_assert.sh tests/data/assert \
  tests/data/messages tests/browse_term.sh
# testcomp.c compiled into the test with UBSan: undefined behaviour in the
# writer fails plain make check
check_PROGRAMS += tests/testcomp_test
tests_testcomp_test_SOURCES = tests/testcomp_test.c
tests_testcomp_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) \
  -fsanitize=undefined -fno-sanitize-recover=undefined
tests_testcomp_test_LDFLAGS = -fsanitize=undefined
tests_testcomp_test_CPPFLAGS = $(ALL_CPPFLAGS)
tests_testcomp_test_LDADD = $(EREP_LIBS) $(CHECK_LIBS)
TESTS += tests/testcomp_test
# the limits hold in every phase (issue #23)
TESTS += tests/verify_portfolio.sh tests/report_moved.sh tests/trace_values.sh tests/html_cli.sh tests/html_valid.sh tests/report_undefined.sh tests/trace_values_gcc.sh tests/witness.sh tests/verify_limits.sh tests/report_limit_phases.sh tests/tests_big_array.sh \
  tests/dot_size_guard.sh
EXTRA_DIST += tests/big_aa.sh tests/verify_portfolio.sh tests/data/portfolio/hard_check.c tests/report_moved.sh tests/trace_values.sh tests/html_cli.sh tests/html_valid.sh tests/report_undefined.sh tests/trace_values_gcc.sh tests/values_gdb.py tests/data/values/ptr.c tests/data/undefined/ub.c tests/data/undefined/ub.aa.txt tests/data/undefined/union.c tests/data/undefined/union.aa.txt tests/data/undefined/ptrs.c tests/data/undefined/ptrs.aa.txt tests/data/verify/longloop.c tests/html_dom.js tests/witness.sh tests/verify_limits.sh tests/report_limit_phases.sh tests/tests_big_array.sh \
  tests/dot_size_guard.sh
# the Test-Comp export below the commands and the browser's T key on it
check_PROGRAMS += tests/suite_test
tests_suite_test_SOURCES = tests/suite_test.c
tests_suite_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_suite_test_CPPFLAGS = $(ALL_CPPFLAGS)
tests_suite_test_LDADD = tui/libtui.a $(EREP_LIBS) $(CHECK_LIBS)
TESTS += tests/suite_test
# erep tests stopped by a signal while it writes (under gdb)
TESTS += tests/tests_signals.sh
EXTRA_DIST += tests/tests_signals.sh
# C conditions in a function's scope and the automaton's ASSUMEs (cond.h,
# psi.h)
check_PROGRAMS += tests/cond_test
tests_cond_test_SOURCES = tests/cond_test.c tests/tbuild.h
tests_cond_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_cond_test_CPPFLAGS = $(ALL_CPPFLAGS)
tests_cond_test_LDADD = $(EREP_LIBS) $(CHECK_LIBS)
TESTS += tests/cond_test
UNIT_TESTS += tests/cond_test
# equal states of a written automaton folded into one (analysis/fold.h)
check_PROGRAMS += tests/aunion_test
tests_aunion_test_SOURCES = tests/aunion_test.c
tests_aunion_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_aunion_test_CPPFLAGS = $(ALL_CPPFLAGS)
tests_aunion_test_LDADD = $(EREP_LIBS) $(CHECK_LIBS)
TESTS += tests/aunion_test
UNIT_TESTS += tests/aunion_test

check_PROGRAMS += tests/fold_test
tests_fold_test_SOURCES = tests/fold_test.c
tests_fold_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_fold_test_CPPFLAGS = $(ALL_CPPFLAGS)
tests_fold_test_LDADD = $(EREP_LIBS) $(CHECK_LIBS)
TESTS += tests/fold_test
UNIT_TESTS += tests/fold_test
# erep report honours ASSUME {psi}; a bad ASSUME is exit 2 with its line
TESTS += tests/report_assume.sh
EXTRA_DIST += tests/report_assume.sh tests/data/assume/input.c \
  tests/data/assume/usefirst.aa.txt tests/data/assume/useall.aa.txt \
  tests/data/assume/true.aa.txt tests/data/assume/loop.c \
  tests/data/assume/loop.aa.txt
# conditional model checking: erep verify -o DIR, conditions, --condition
TESTS += tests/cmc.sh
EXTRA_DIST += tests/cmc.sh tests/data/cmc/branch.c tests/data/cmc/deep.c \
  tests/data/cmc/chain.c tests/data/cmc/pred.c tests/data/cmc/shadow.c \
  tests/data/cmc/branch.path-length-12.txt \
  tests/data/cmc/branch.assume-edges-3.txt \
  tests/data/cmc/branch.repeat-locations-2.txt
TESTS += tests/cmc_corpus.sh
EXTRA_DIST += tests/cmc_corpus.sh
# verify --report: the cost of the report of the automaton (counts)
TESTS += tests/verify_report.sh
EXTRA_DIST += tests/verify_report.sh tests/data/cmc/dead.c \
  tests/data/cmc/cube.c
