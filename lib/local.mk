# lib/: the base layer (allocation funnel, hash maps, vectors, atomic
# output). Every folder may use it; it uses none of them.
liberep_a_SOURCES += lib/mem.c lib/mem.h lib/hmap.c lib/hmap.h \
  lib/outfile.c lib/outfile.h \
  lib/file.c lib/file.h lib/bigstack.c lib/bigstack.h
