#!/bin/bash
# Parse + CFA construction time on the corpus: the 162 KB driver of
# fse12-drivers64 (median of 11 runs) and the whole corpus.
# usage: bench/cfa_parse.sh [path/to/erep] [corpus]
EREP=${1:-./erep}
C=${2:-$(dirname "$0")/../../shared/corpus}
[ -f "$C/INDEX.md" ] || { echo "skipped: corpus not found"; exit 0; }
F=$C/aa/fse12-drivers64/copy_keyspan_remote.BUG.c
ms() { local s e; s=$(date +%s%N); "$@" >/dev/null; e=$(date +%s%N); echo $(( (e - s) / 1000000 )); }
runs=$(for i in $(seq 11); do ms "$EREP" cfa "$F"; done | sort -n)
med=$(echo "$runs" | sed -n 6p)
echo "copy_keyspan_remote.BUG.c ($(wc -c < "$F") bytes, $(wc -l < "$F") lines): parse + CFA median ${med} ms over 11 runs (min $(echo "$runs" | head -1), max $(echo "$runs" | tail -1))"
"$EREP" cfa "$F" | grep -E '^(functions|nodes|edges):' | tr '\n' ' '; echo
n=0; s=$(date +%s%N)
for f in $(find "$C" -name '*.c' -o -name '*.i'); do "$EREP" cfa "$f" >/dev/null && n=$((n + 1)); done
e=$(date +%s%N)
echo "corpus: $n programs with a CFA in $(( (e - s) / 1000000 )) ms"
