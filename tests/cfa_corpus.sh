# Every C file of the corpus yields a CFA; the automata's MATCH strings are
# produced by our edges; the modelled benchmark families have no
# unsupported constructs.
. "$(dirname "$0")/lib.sh"
need_corpus
C=$EREP_CORPUS
n=0; bad=0
for f in $(find "$C" -name '*.c' -o -name '*.i' | sort); do
  n=$((n + 1))
  $EREP cfa "$f" > "$TMP/sum" 2>"$TMP/err" || { bad=$((bad + 1)); fail "erep cfa $f: $(head -2 "$TMP/err")"; }
done
echo "corpus programs: $n, CFA built: $((n - bad))"
[ "$n" -gt 100 ] || fail "expected more than 100 corpus programs, found $n"

# distinct MATCH strings of an automaton that no edge of the program's CFA
# produces (in either raw-text form)
unmatched() {
  $EREP cfa -v "$1" | sed -n -E 's/^N[0-9]+ -> N[0-9]+ +[a-z]+ +line [0-9]+: //p' \
    | sed -E 's/  old: /\n/' | sort -u > "$TMP/edges"
  grep -oE 'MATCH "([^"\\]|\\.)*"' "$2" | sed 's/^MATCH //' | sort -u > "$TMP/matches"
  comm -23 "$TMP/matches" "$TMP/edges" > "$TMP/unmatched"
  echo "$(wc -l < "$TMP/unmatched") $(wc -l < "$TMP/matches")"
}
A=$C/aa
for pair in \
  "coverage-tests/aux_lower_bound/loops/test1.c coverage-tests/aux_lower_bound/loops/assumption_automaton.txt" \
  "coverage-tests/aux_get_lines_from_cex/aa_only_infeasible.c coverage-tests/aux_get_lines_from_cex/aa_only_infeasible.txt" \
  "cpachecker-three-paths/three_paths.c cpachecker-three-paths/aa_three_paths_else_return_not_covered.spc" \
  "cpachecker-three-paths/three_paths.c cpachecker-three-paths/aa_three_paths_inner_if_both_blocks.spc" \
  "fse12-systemc/copy_mem_slave_tlm.2.c fse12-systemc/copy_mem_slave_tlm.2.c.predicate.assumption_automaton" \
  "fse12-drivers64/copy_keyspan_remote.BUG.c fse12-drivers64/copy_keyspan_remote.BUG.c.explicit.assumption_automaton"; do
  set -- $pair
  r=$(unmatched "$A/$1" "$A/$2"); set -- $r
  echo "$pair: $1 of $2 distinct MATCH strings not produced"
  [ "$1" = 0 ] || { fail "unmatched MATCH strings:"; head -c 2000 "$TMP/unmatched"; }
done

# no unsupported constructs where the analyses must be exact
for f in "$C"/cmc2011/systemc/*.c "$C"/cmc2011/locks/*.c "$A"/fse12-systemc/*.c; do
  u=$($EREP cfa "$f" | sed -n 's/^unsupported constructs: //p')
  [ "$u" = 0 ] || fail "$f: $u unsupported constructs"
done
ok "no unsupported constructs in cmc2011/systemc, cmc2011/locks, fse12-systemc"
# ... and the ones we do not model are listed with their lines
$EREP cfa "$A/fse12-drivers64/copy_keyspan_remote.BUG.c" | grep -q 'BUG.c:[0-9]*: inline assembly' \
  && ok "inline assembly listed with its line" || fail "inline assembly not listed"
finish
