# analyzer/: front end, CFA and (later) the analyses.
liberep_a_SOURCES += \
  analyzer/ctype.c analyzer/ctype.h \
  analyzer/expr.c analyzer/expr.h \
  analyzer/cfa.c analyzer/cfa.h \
  analyzer/rawmatch.c analyzer/rawmatch.h \
  analyzer/product.c analyzer/product.h \
  analyzer/cegar.c analyzer/cegar.h \
  analyzer/value.c analyzer/value.h \
  analyzer/aastep.c analyzer/aastep.h \
  analyzer/aamap.c analyzer/aamap.h \
  analyzer/frontend.c \
  options.c options.h commands.h \
  cmd_cfa.c cmd_match.c cmd_report.c
