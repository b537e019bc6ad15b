EXTRA_DIST += samples/loop.c
