# Bad automata: each makes `erep convert` exit 2 with a message naming the
# file (and the line where there is one), leaves no output file (nor a
# temporary one) and keeps an existing output file as it was.
. "$(dirname "$0")/lib.sh"
D=${EREP_SRCDIR:-$(dirname "$0")/..}/tests/data/aa
[ -d "$D" ] || { echo "FAIL: fixtures not found in $D"; exit 1; }
mkdir "$TMP/out" "$TMP/keep"
printf 'old output\n' > "$TMP/keep/old.txt"

# bad FILE [LINE-PATTERN]: convert to text and to GraphML, both must fail
bad() {
  f=$1; name=$(basename "$f")
  for ext in txt graphml; do
    $EREP convert "$f" -o "$TMP/out/result.$ext" 2> "$TMP/err"; st=$?
    msg=$(head -c 400 "$TMP/err")
    [ "$st" = 2 ] || fail "$name -> .$ext: exit $st, wanted 2 ($msg)"
    [ "$(wc -l < "$TMP/err")" = 1 ] || fail "$name: more than one line on stderr: $msg"
    case $msg in *"$name"*) ;; *) fail "$name: message does not name the file: $msg" ;; esac
    if [ -n "$2" ]; then
      printf '%s\n' "$msg" | grep -Eq "$name:$2" || fail "$name: message does not name line $2: $msg"
    fi
    [ -z "$(ls -A "$TMP/out")" ] || fail "$name: left files behind: $(ls -A "$TMP/out")"
    rm -f "$TMP/out/"* "$TMP/out/".??* 2> /dev/null
    cp "$TMP/keep/old.txt" "$TMP/keep/result.$ext"
    $EREP convert "$f" -o "$TMP/keep/result.$ext" 2> /dev/null
    cmp -s "$TMP/keep/old.txt" "$TMP/keep/result.$ext" || fail "$name: existing output changed"
    [ "$(ls -A "$TMP/keep" | wc -l)" = 2 ] || fail "$name: left files behind: $(ls -A "$TMP/keep")"
    rm -f "$TMP/keep/result.$ext"
  done
  printf 'ok: %s: exit 2, %s\n' "$name" "${msg#erep convert: }"
}

bad "$D/malformed.txt" '7:5'
bad "$D/truncated.txt" '10:13'
bad "$D/unterminated-string.txt" '6:11'
bad "$D/unterminated-curly.txt" '6:20'
bad "$D/bad-escape.txt" '6:13'
bad "$D/goto-unknown.txt" '7:23'
bad "$D/initial-unknown.txt" '3:15'
bad "$D/duplicate-state.txt" '8:7'
bad "$D/second-automaton.txt" '10:1'
bad "$D/empty.txt" '1:1'
bad "$D/billion-laughs.graphml" '3'
bad "$D/garbage.graphml" '[0-9]+:[0-9]+'
bad "$D/binary-garbage.graphml" '1:1'
bad "$D/encoding-error.graphml" '2:[0-9]+'
bad "$D/violation-witness.graphml" '3'
bad "$D/goto-unknown.graphml" '6'
bad "$TMP/no-such-file.txt"

# a string of more than 1 MiB
{ printf 'OBSERVER AUTOMATON A\n\nINITIAL STATE S;\n\nSTATE S :\n    MATCH "'
  head -c 1100000 /dev/zero | tr '\0' x
  printf '" -> GOTO S;\n\nEND AUTOMATON\n'; } > "$TMP/huge-string.txt"
bad "$TMP/huge-string.txt" '6:11'

# a file over 256 MiB (sparse: no disk space is used)
if truncate -s 257M "$TMP/too-big.txt" 2> /dev/null; then
  bad "$TMP/too-big.txt"
  grep -q 'larger than 256 MiB' "$TMP/err" || fail "too-big.txt: $(cat "$TMP/err")"
fi

# a text that XML cannot carry fails for GraphML only, still leaving nothing
printf 'OBSERVER AUTOMATON A\nINITIAL STATE S;\nSTATE S :\n  MATCH "a\001" -> GOTO S;\nEND AUTOMATON\n' > "$TMP/ctl.txt"
expect 0 $EREP convert "$TMP/ctl.txt" -o "$TMP/ctl-ok.txt"
cp "$TMP/keep/old.txt" "$TMP/keep/ctl.graphml"
$EREP convert "$TMP/ctl.txt" -o "$TMP/keep/ctl.graphml" 2> "$TMP/err"; st=$?
[ "$st" = 2 ] && grep -q 'ctl.txt: line 4: .*XML cannot carry' "$TMP/err" \
  && cmp -s "$TMP/keep/old.txt" "$TMP/keep/ctl.graphml" && [ "$(ls -A "$TMP/keep" | wc -l)" = 2 ] \
  && ok "control character: GraphML refused, old file kept" || fail "control character: exit $st, $(cat "$TMP/err")"

# usage errors
G=$D/goto-unknown.txt
expect 2 $EREP convert "$G"
expect 2 $EREP convert "$G" -o "$TMP/out/x.dot"
expect 2 $EREP convert "$G" -o "$TMP/out/"
expect 2 $EREP convert -o "$TMP/out/x.txt"
printf 'OBSERVER AUTOMATON A\nINITIAL STATE S;\nSTATE S : TRUE -> GOTO S;\nEND AUTOMATON\n' > "$TMP/ok.txt"
$EREP convert "$TMP/ok.txt" -o "$TMP/no/such/dir/x.txt" 2> "$TMP/err"; st=$?
[ "$st" = 2 ] && grep -q 'no/such/dir/x.txt' "$TMP/err" && ok "missing output directory: exit 2" \
  || fail "missing output directory: exit $st, $(cat "$TMP/err")"
[ -z "$(ls -A "$TMP/out")" ] || fail "usage errors left files: $(ls -A "$TMP/out")"
# and a good conversion does replace an existing file
cp "$TMP/keep/old.txt" "$TMP/keep/good.txt"
expect 0 $EREP convert "$TMP/ok.txt" -o "$TMP/keep/good.txt"
grep -q 'INITIAL STATE S;' "$TMP/keep/good.txt" && ok "existing file replaced on success" \
  || fail "existing file not replaced"
finish
