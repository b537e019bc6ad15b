# analyzer/: front end, CFA, the product core, its domains, SMT. Uses lib/
# and formats/ (the automaton model); built with libclang's and Z3's flags.
noinst_LIBRARIES += analyzer/libanalyzer.a
analyzer_libanalyzer_a_CPPFLAGS = $(AM_CPPFLAGS) $(CLANG_CFLAGS) $(Z3_CFLAGS)
analyzer_libanalyzer_a_SOURCES = \
  analyzer/ctype.c analyzer/ctype.h \
  analyzer/expr.c analyzer/expr.h \
  analyzer/cfa.c analyzer/cfa.h \
  analyzer/lbe.c analyzer/lbe.h \
  analyzer/pblock.c analyzer/pblock.h \
  analyzer/exact.c analyzer/exact.h \
  analyzer/rawmatch.c analyzer/rawmatch.h \
  analyzer/product.c analyzer/product.h \
  analyzer/cegar.c analyzer/cegar.h \
  analyzer/value.c analyzer/value.h \
  analyzer/pred.c analyzer/pred.h \
  analyzer/pbdd.c analyzer/pbdd.h \
  analyzer/aastep.c analyzer/aastep.h \
  analyzer/aamap.c analyzer/aamap.h \
  analyzer/frontend.c
