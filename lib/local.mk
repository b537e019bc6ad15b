# lib/: the base layer (allocation funnel, hash maps, vectors, atomic
# output). Every folder may use it; it uses none of them, and it is built
# with no library's flags.
noinst_LIBRARIES += lib/libbase.a
lib_libbase_a_SOURCES = lib/mem.c lib/mem.h lib/hmap.c lib/hmap.h \
  lib/outfile.c lib/outfile.h lib/sbuf.c lib/sbuf.h
