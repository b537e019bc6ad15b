# analyzer/smt.mk: bit-precise path feasibility with Z3 (module smt_).
liberep_a_SOURCES += analyzer/smt.c analyzer/smt.h \
  analyzer/smtz.c analyzer/smtz.h analyzer/smtc.c analyzer/smtc.h \
  analyzer/smtm.c analyzer/smtm.h analyzer/smte.c analyzer/smte.h \
  analyzer/smt_formula.c analyzer/smt_formula.h analyzer/smt_int.h
check_PROGRAMS += tests/smt_test
TESTS += tests/smt_test
tests_smt_test_SOURCES = tests/smt_test.c
tests_smt_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_smt_test_LDADD = $(EREP_LIBS) $(CHECK_LIBS)
