#!/bin/sh
# The libFuzzer targets (make fuzz, fuzz-cfa, fuzz-report) compile lib/
# from FUZZ_LIB_SRC, not from lib/libbase.a: it must name every source of
# lib/ (they once failed to link when file.c, sbuf.c and esc.c were missing).
# CI builds and runs every target (.ci/run); this catches it in make check.
. "$(dirname "$0")/lib.sh"
SRC=${EREP_SRCDIR:-.}
# the .c files of lib_libbase_a_SOURCES, and of FUZZ_LIB_SRC
libsrc=$(sed -n '/^lib_libbase_a_SOURCES/,/[^\\]$/p' "$SRC/lib/local.mk" | tr ' \\' '\n\n' | grep '\.c$' | sort)
fuzzsrc=$(sed -n '/^FUZZ_LIB_SRC/,/[^\\]$/p' "$SRC/formats/local.mk" | tr ' \\' '\n\n' | grep '\.c$' | sed 's|^\$(srcdir)/||' | sort)
[ -n "$libsrc" ] && ok "lib sources: $(echo $libsrc)" || fail "no lib sources read"
for f in $libsrc; do
  echo "$fuzzsrc" | grep -qx "$f" || fail "FUZZ_LIB_SRC misses $f"
done
grep -q 'for t in fuzz fuzz-cfa fuzz-report fuzz-swarm' "$SRC/.ci/run" && ok ".ci/run runs every fuzz target" ||
  fail ".ci/run does not run every fuzz target"
finish
