# tui/: the terminal browser (erep browse; doc/layers.md). Uses lib/,
# report/ (and the headers below it); built with ncursesw's, cgraph's and
# jansson's flags. Only the command includes it (tests/layers.sh).
noinst_LIBRARIES += tui/libtui.a
tui_libtui_a_CPPFLAGS = $(AM_CPPFLAGS) $(NCURSES_CFLAGS) $(CGRAPH_CFLAGS) \
  $(JANSSON_CFLAGS)
tui_libtui_a_SOURCES = tui/browse.c tui/browse.h tui/text.c tui/text.h \
  tui/keys.c tui/keys.h tui/search.c tui/search.h tui/filter.c tui/filter.h \
  tui/steps.c tui/steps.h tui/tlist.c tui/tlist.h tui/source.c tui/source.h \
  tui/term.c tui/term.h tui/draw.c tui/draw.h \
  tui/graph.c tui/graph.h tui/export.c tui/export.h tui/edit.c tui/edit.h

# tests: the model's unit tests; the browser driven in tmux, on reports
# made at test time (and by browse_mkreport: what real runs do not make)
check_PROGRAMS += tests/browse_mkreport
tests_browse_mkreport_SOURCES = tests/browse_mkreport.c
tests_browse_mkreport_CPPFLAGS = $(ALL_CPPFLAGS)
tests_browse_mkreport_LDADD = $(EREP_LIBS)
TESTS += tests/browse_tui.sh
EXTRA_DIST += tests/browse_tui.sh tests/data/browse
check_PROGRAMS += tests/tui_test
tests_tui_test_SOURCES = tests/tui_test.c
tests_tui_test_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_tui_test_CPPFLAGS = $(ALL_CPPFLAGS)
tests_tui_test_LDADD = tui/libtui.a $(EREP_LIBS) $(CHECK_LIBS)
TESTS += tests/tui_test
