# Every assumption automaton of the corpus loads; text -> text is stable;
# text -> GraphML -> text gives the same bytes as text -> text; the sizes and
# dialects of the known files are right.
. "$(dirname "$0")/lib.sh"
need_corpus
A=$EREP_CORPUS/aa
find "$A" -type f \( -name '*.txt' -o -name '*.spc' -o -name '*.assumption_automaton' \
  -o -name '*.swapped' \) | sort > "$TMP/list"
n=0; same=0
while read -r f; do
  n=$((n + 1)); b=${f#"$A"/}
  if ! $EREP convert "$f" -o "$TMP/t1.txt" 2> "$TMP/err"; then
    fail "$b: $(head -c 300 "$TMP/err")"; continue
  fi
  $EREP convert "$TMP/t1.txt" -o "$TMP/t2.txt" && cmp -s "$TMP/t1.txt" "$TMP/t2.txt" \
    || fail "$b: text -> text is not stable"
  $EREP convert "$TMP/t1.txt" -o "$TMP/g.graphml" && $EREP convert "$TMP/g.graphml" -o "$TMP/t3.txt" \
    && cmp -s "$TMP/t1.txt" "$TMP/t3.txt" || fail "$b: text -> GraphML -> text differs from text -> text"
  $EREP convert "$f" -o "$TMP/g2.graphml" && cmp -s "$TMP/g.graphml" "$TMP/g2.graphml" \
    || fail "$b: GraphML of the file and of its text form differ"
  if command -v xmllint > /dev/null; then
    xmllint --noout --nonet "$TMP/g.graphml" || fail "$b: GraphML is not well-formed"
  fi
  cmp -s "$f" "$TMP/t1.txt" && same=$((same + 1))
  ok "$b"
done < "$TMP/list"
echo "corpus automata: $n, written back byte for byte: $same"
[ "$n" -ge 20 ] || fail "expected at least 20 automata in $A, found $n"

# stats: "PATH: S states, T transitions, M distinct MATCH texts, dialect D, ..."
stats() { $EREP convert -v "$1" -o "$TMP/s.$2" 2>&1 >/dev/null | sed -E 's/^.*: ([0-9]+ states, [0-9]+ transitions, [0-9]+ distinct MATCH texts, dialect [a-z-]+),.*/\1/'; }
expect_stats() {
  got=$(stats "$A/$1" txt); [ "$got" = "$2" ] && ok "$1: $got" || fail "$1: '$got', wanted '$2'"
  $EREP convert "$A/$1" -o "$TMP/x.graphml" && got=$(stats "$TMP/x.graphml" txt)
  [ "$got" = "$2" ] && ok "$1 as GraphML: same" || fail "$1 as GraphML: '$got', wanted '$2'"
}
# The corpus README says 9161 states: that counts the INITIAL STATE line too;
# the file has 9160 STATE definitions and 20379 transitions (grep agrees).
S=fse12-systemc/copy_mem_slave_tlm.2.c.predicate.assumption_automaton
expect_stats "$S" "9160 states, 20379 transitions, 382 distinct MATCH texts, dialect assumption-collector-old"
expect_stats "$S.swapped" "9160 states, 20379 transitions, 382 distinct MATCH texts, dialect swapped"
[ "$(grep -c '^STATE' "$A/$S")" = 9160 ] || fail "grep counts $(grep -c '^STATE' "$A/$S") STATE lines"
D=fse12-drivers64/copy_keyspan_remote.BUG.c.explicit.assumption_automaton
expect_stats "$D" "30720 states, 62354 transitions, 1183 distinct MATCH texts, dialect assumption-collector-old"
expect_stats misc/false-automaton.txt "1 states, 1 transitions, 0 distinct MATCH texts, dialect initial-false"
expect_stats cpachecker-three-paths/aa_three_paths_inner_if_both_blocks.spc \
  "15 states, 25 transitions, 11 distinct MATCH texts, dialect counterexample-derived"
expect_stats coverage-tests/aux_lower_bound/safe_traces/Counterexample.1.spc \
  "9 states, 12 transitions, 5 distinct MATCH texts, dialect counterexample"
# one <edge> per transition
$EREP convert "$A/$S" -o "$TMP/s.graphml" && e=$(grep -c '<edge ' "$TMP/s.graphml")
[ "$e" = 20379 ] && ok "fse12-systemc GraphML has 20379 edges" || fail "fse12-systemc GraphML has $e edges"
finish
