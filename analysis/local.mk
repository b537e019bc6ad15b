# analysis/: the analyses (doc/layers.md). The product core (CPA algorithm
# over CFA, automaton and a domain), its CEGAR rounds, the domains (exact
# paths, explicit values, predicates with optional BDD states), large
# blocks in product with the automaton (pblock) and the data-free match
# (aamap). Uses lib/, program/ and smt/ (formats/ only through program/'s
# headers); built with Z3's flags.
noinst_LIBRARIES += analysis/libanalysis.a
analysis_libanalysis_a_CPPFLAGS = $(AM_CPPFLAGS) $(Z3_CFLAGS)
analysis_libanalysis_a_SOURCES = \
  analysis/pblock.c analysis/pblock.h \
  analysis/exact.c analysis/exact.h \
  analysis/product.c analysis/product.h \
  analysis/cegar.c analysis/cegar.h \
  analysis/value.c analysis/value.h \
  analysis/pred.c analysis/pred.h analysis/pred_cond.c analysis/pred_sup.c \
  analysis/karr.c analysis/karr.h \
  analysis/pbdd.c analysis/pbdd.h \
  analysis/aamap.c analysis/aamap.h \
  analysis/fold.c analysis/fold.h analysis/aunion.c analysis/aunion.h \
  analysis/collect.c analysis/collect.h \
  analysis/analyses.c analysis/analyses.h
