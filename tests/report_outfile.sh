# Outputs that must not be clobbered: `-o` naming an input (directly, by a
# symbolic or a hard link) is refused before any work, as is an output in
# a missing directory or a directory (report, convert; tests when a file
# it replaces is an input); a FIFO, /dev/null and /dev/fd/N are written as
# they are, never renamed over.
#
# Safe as root with an old erep too: /dev/null and /dev/stdout are only
# tried once a FIFO has shown that erep writes special files in place
# (an erep that renames over its output would replace them system-wide).
. "$(dirname "$0")/lib.sh"
S=${EREP_SRCDIR:-.}/samples
cp "$S/loop.c" "$TMP/p.c"
cp "$S/loop.aa.txt" "$TMP/a.txt"
cp "$TMP/p.c" "$TMP/p.keep"
cp "$TMP/a.txt" "$TMP/a.keep"
ln -s p.c "$TMP/link.c"
ln "$TMP/a.txt" "$TMP/hard.txt"

# refused: exit 2 with a message naming the output, nothing searched
# (no trace line on stdout), the inputs unchanged
refused() {
  what=$1 out=$2 want=$3
  $EREP report "$TMP/p.c" "$TMP/a.txt" -o "$out" > "$TMP/stdout" 2> "$TMP/err"
  rc=$?
  if [ $rc = 2 ] && grep -q -- "$want" "$TMP/err" && [ ! -s "$TMP/stdout" ] &&
     cmp -s "$TMP/p.c" "$TMP/p.keep" && cmp -s "$TMP/a.txt" "$TMP/a.keep"; then
    ok "refused before the search: $what"
  else
    fail "$what: rc=$rc $(cat "$TMP/err") $(head -c 200 "$TMP/stdout")"
    cp "$TMP/p.keep" "$TMP/p.c"; cp "$TMP/a.keep" "$TMP/a.txt"
  fi
}
refused "-o the program" "$TMP/p.c" "is an input"
refused "-o the automaton" "$TMP/a.txt" "is an input"
refused "-o the program by another name" "$TMP/./p.c" "is the input"
refused "-o a symbolic link to the program" "$TMP/link.c" "is the input"
refused "-o a hard link to the automaton" "$TMP/hard.txt" "is the input"
refused "-o in a missing directory" "$TMP/no/such/r.json" "cannot create a file in"
refused "-o a directory" "$TMP" "is a directory"
refused "-o under a file" "$TMP/p.c/r.json" "Not a directory"
[ -L "$TMP/link.c" ] || fail "the symbolic link was replaced"

# erep convert: the same rules
$EREP convert "$TMP/a.txt" -o "$TMP/hard.txt" 2> "$TMP/err"; rc=$?
[ $rc = 2 ] && grep -q "is the input" "$TMP/err" && cmp -s "$TMP/a.txt" "$TMP/a.keep" \
  && ok "convert: -o a hard link to its input refused" || fail "convert onto its input: rc=$rc $(cat "$TMP/err")"
$EREP convert "$TMP/a.txt" -o "$TMP/no/such/a.graphml" 2> "$TMP/err"; rc=$?
[ $rc = 2 ] && grep -q "cannot create a file in" "$TMP/err" \
  && ok "convert: missing directory refused" || fail "convert into a missing directory: rc=$rc"

# erep tests --force into an earlier suite's directory that holds an
# input (here the program, called harness.c): refused, nothing replaced
$EREP report "$TMP/p.c" "$TMP/a.txt" -o "$TMP/r0.json" > /dev/null
$EREP tests "$TMP/r0.json" -o "$TMP/suite" > /dev/null || fail "erep tests into a new directory"
cp "$TMP/p.c" "$TMP/suite/harness.c"
cp "$TMP/p.c" "$TMP/harness.keep"
$EREP report "$TMP/suite/harness.c" "$TMP/a.txt" -o "$TMP/r1.json" > /dev/null
$EREP tests "$TMP/r1.json" -o "$TMP/suite" --force > /dev/null 2> "$TMP/err"; rc=$?
[ $rc = 2 ] && grep -q "holds the input .*harness.c" "$TMP/err" && cmp -s "$TMP/suite/harness.c" "$TMP/harness.keep" \
  && ok "tests: an input in the suite directory is not replaced" || fail "tests over its input: rc=$rc $(cat "$TMP/err")"

# a FIFO is written in place (a reader gets the report; it stays a FIFO)
mkfifo "$TMP/fifo"
cat "$TMP/fifo" > "$TMP/from-fifo.json" &
reader=$!
$EREP report "$TMP/p.c" "$TMP/a.txt" -o "$TMP/fifo" > /dev/null 2> "$TMP/err"; rc=$?
# the reader waits for a writer forever if the FIFO was replaced
if [ $rc != 0 ] || [ ! -p "$TMP/fifo" ]; then kill $reader 2>/dev/null; fi
wait $reader
in_place=no
if [ $rc = 0 ] && [ -p "$TMP/fifo" ] && grep -q '"format": "erep-report"' "$TMP/from-fifo.json"; then
  ok "FIFO written in place"
  in_place=yes
else
  fail "FIFO: rc=$rc, $(ls -l "$TMP/fifo") $(cat "$TMP/err")"
fi
ls -A "$TMP" | grep -q '^\.fifo' && fail "temporary file left next to the FIFO"

# /dev/fd/N: through the descriptor, after what is already there
$EREP report "$TMP/p.c" "$TMP/a.txt" -o /dev/fd/7 7> "$TMP/fd7.json" > /dev/null 2> "$TMP/err"; rc=$?
[ $rc = 0 ] && grep -q '"format": "erep-report"' "$TMP/fd7.json" \
  && ok "-o /dev/fd/7 written through the descriptor" || fail "/dev/fd/7: rc=$rc $(cat "$TMP/err")"

if [ $in_place = yes ]; then
  $EREP report "$TMP/p.c" "$TMP/a.txt" -o /dev/null > /dev/null 2> "$TMP/err"; rc=$?
  [ $rc = 0 ] && [ -c /dev/null ] && ok "-o /dev/null: still a character device" \
    || fail "/dev/null: rc=$rc, $(ls -l /dev/null)"
  # stdout redirected to a file: the report lands there, after the trace lines
  $EREP report "$TMP/p.c" "$TMP/a.txt" -o /dev/stdout > "$TMP/stdout.json" 2> "$TMP/err"; rc=$?
  [ $rc = 0 ] && [ -L /dev/stdout ] && grep -q '"format": "erep-report"' "$TMP/stdout.json" &&
    grep -q '^report written to /dev/stdout' "$TMP/stdout.json" \
    && ok "-o /dev/stdout into a redirected file" || fail "/dev/stdout: rc=$rc $(cat "$TMP/err")"
else
  echo "skipped: /dev/null and /dev/stdout (this erep does not write special files in place)"
fi
finish
