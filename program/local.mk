# program/: the program model (doc/layers.md). The front end (libclang's
# AST to the CFA, with CPAchecker's raw statement text), the CFA and its C
# types and expressions, the large-block summary (lbe), and the automaton's
# view of the program: the raw-text match (rawmatch), the automaton
# steps along CFA edges (aastep) and its ASSUME conditions (psi, parsed by
# the front end: cond). Uses lib/ and formats/ (the automaton
# model); built with libclang's flags.
noinst_LIBRARIES += program/libprogram.a
program_libprogram_a_CPPFLAGS = $(AM_CPPFLAGS) $(CLANG_CFLAGS)
program_libprogram_a_SOURCES = \
  program/ctype.c program/ctype.h \
  program/expr.c program/expr.h \
  program/cfa.c program/cfa.h \
  program/lbe.c program/lbe.h \
  program/rawmatch.c program/rawmatch.h \
  program/aastep.c program/aastep.h \
  program/frontend.c program/frontend_int.h program/frontend_src.c \
  program/frontend_expr.c program/frontend_stmt.c \
  program/frontend_cond.c program/cond.h \
  program/psi.c program/psi.h \
  program/feature.c program/feature.h
