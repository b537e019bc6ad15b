# fragment of Makefile.am for bench/
