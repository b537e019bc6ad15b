# report/: the execution-report model, its JSON, and the search that fills
# it from the product core. Uses lib/, formats/ and analyzer/.
noinst_LIBRARIES += report/libreport.a
report_libreport_a_CPPFLAGS = $(AM_CPPFLAGS) $(JANSSON_CFLAGS) $(NETTLE_CFLAGS) \
  $(CGRAPH_CFLAGS) $(GVC_CFLAGS)
report_libreport_a_SOURCES = report/report.c report/report.h \
  report/rjson.c report/rjson.h report/coverage.c report/coverage.h \
  report/explore.c report/explore.h report/diff.c report/diff.h \
  report/lim.c report/lim.h \
  report/verify.c report/verify.h \
  report/dot.c report/dot.h \
  report/testvec.c report/testvec.h
