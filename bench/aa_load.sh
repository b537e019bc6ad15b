#!/bin/bash
# Load time and memory of every corpus automaton, as text and as GraphML,
# next to the file size. "peak" is the growth of the process's peak RSS
# during the first load (file buffer + parser + model); "model" is the
# arena that stays. Time: best of 3 loads.
# usage: bench/aa_load.sh [builddir] [corpus]
B=${1:-.}
C=${2:-$(dirname "$0")/../../shared/corpus}
[ -f "$C/INDEX.md" ] || { echo "skipped: corpus not found"; exit 0; }
STAT=$B/bench/aa_load_stat
[ -x "$STAT" ] || make -C "$B" bench/aa_load_stat > /dev/null || exit 1
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
printf '%-78s %6s %10s %8s %10s %10s %6s\n' automaton form bytes ms model peak peak/sz
find "$C/aa" -type f \( -name '*.txt' -o -name '*.spc' -o -name '*.assumption_automaton' \
  -o -name '*.swapped' \) | sort | while read -r f; do
  for form in text graphml; do
    g=$f
    if [ $form = graphml ]; then g=$T/a.graphml; "$B/erep" convert "$f" -o "$g" || continue; fi
    read -r size ms model peak states trans dialect < <("$STAT" "$g")
    printf '%-78s %6s %10s %8s %10s %10s %6.1f\n' "${f#"$C"/aa/}" $form "$size" "$ms" "$model" "$peak" \
      "$(echo "$peak / $size" | bc -l)"
  done
done
F=$C/aa/fse12-drivers64/copy_keyspan_remote.BUG.c.explicit.assumption_automaton
if [ -x /usr/bin/time ]; then
  /usr/bin/time -f "erep convert (fse12-drivers64, text -> text): %e s, max RSS %M KiB" \
    "$B/erep" convert "$F" -o "$T/x.txt"
fi
