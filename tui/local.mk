# tui/: the terminal browser (erep browse). Uses lib/, report/ (and the
# headers below it); built with ncursesw's and cgraph's flags. Only the
# command includes it (tests/layers.sh).
noinst_LIBRARIES += tui/libtui.a
tui_libtui_a_CPPFLAGS = $(AM_CPPFLAGS) $(NCURSES_CFLAGS) $(CGRAPH_CFLAGS) \
  $(JANSSON_CFLAGS)
tui_libtui_a_SOURCES = tui/browse.c tui/browse.h tui/text.c tui/text.h \
  tui/keys.c tui/keys.h tui/search.c tui/search.h tui/filter.c tui/filter.h \
  tui/steps.c tui/steps.h tui/tlist.c tui/tlist.h tui/source.c tui/source.h \
  tui/term.c tui/term.h tui/draw.c tui/draw.h \
  tui/graph.c tui/graph.h tui/export.c tui/export.h

