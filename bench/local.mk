EXTRA_DIST += bench/cfa_parse.sh
