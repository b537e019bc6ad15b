# doc/: the design notes the code cites (report.md: the report contract;
# commands.md: the command contract; layers.md: the folders and their
# checks), shipped with the sources.
DOC_NOTES = doc/report.md doc/commands.md doc/layers.md
EXTRA_DIST += $(DOC_NOTES)

# The pictures of the loop sample's report, one for each view of
# `erep dot`, shown in the README ("What you see"). `make pictures` draws
# them again (run it after changing report/dot.c and commit the result).
# They are made from the source tree with the paths relative to it, so the
# files name samples/loop.c and nothing of the machine.
PICTURES = doc/loop-aa.svg doc/loop-cfa.svg doc/loop-trace-F1.svg \
  doc/loop-trace-cfa-F1.svg
EXTRA_DIST += $(PICTURES)

pictures: erep$(EXEEXT)
	@set -e; t=`mktemp -d`; trap 'rm -rf "$$t"' EXIT; \
	e='$(abs_top_builddir)/erep$(EXEEXT)'; cd '$(srcdir)'; \
	"$$e" report samples/loop.c samples/loop.aa.txt -o "$$t/loop.json" > /dev/null; \
	for v in aa cfa trace:F1 trace-cfa:F1; do \
	  f=doc/loop-`echo $$v | tr : -`.svg; \
	  "$$e" dot "$$t/loop.json" --view $$v -o $$f; \
	  echo "  DOT      $$f"; \
	done
.PHONY: pictures

# The manual page, made at build time by `erep --man` from the option and
# command tables that --help prints (options.h, commands_list.h), so that
# the two cannot drift apart; `make install` installs it.
nodist_man1_MANS = erep.1
CLEANFILES += erep.1
erep.1: erep$(EXEEXT)
	$(AM_V_GEN)./erep$(EXEEXT) --man > $@.tmp && mv $@.tmp $@
