# Inputs that are not regular files (a FIFO, a directory, a character
# device) are refused at once with exit 2 and "NAME: not a regular file",
# for every input of every command; before, a FIFO blocked in open()
# forever. Nothing is left in the output directory.
. "$(dirname "$0")/lib.sh"
S=${EREP_SRCDIR:-.}/samples
mkfifo "$TMP/fifo" || { echo "skipped: mkfifo failed"; exit 77; }
mkdir "$TMP/dir" "$TMP/out"
$EREP report "$S/loop.c" "$S/loop.aa.txt" -o "$TMP/r.json" > /dev/null || fail "sample report"

# refused NAME CMD...: exit 2 within a few seconds, the message names NAME
refused() {
  name=$1; shift
  timeout 20 "$@" > /dev/null 2> "$TMP/err"; rc=$?
  if [ "$rc" = 2 ] && grep -q "$name: not a regular file" "$TMP/err"; then
    ok "refused $name: $*"
  else
    fail "exit $rc (wanted 2, 'not a regular file'): $* -- $(head -c 300 "$TMP/err")"
  fi
}
for bad in "$TMP/fifo" "$TMP/dir" /dev/zero; do
  refused "$bad" $EREP cfa "$bad"
  refused "$bad" $EREP match "$bad" "$S/loop.aa.txt"
  refused "$bad" $EREP match "$S/loop.c" "$bad"
  refused "$bad" $EREP report "$bad" "$S/loop.aa.txt" -o "$TMP/out/r.json"
  refused "$bad" $EREP report "$S/loop.c" "$bad" -o "$TMP/out/r.json"
  refused "$bad" $EREP convert "$bad" -o "$TMP/out/a.txt"
  refused "$bad" $EREP tests "$bad" -o "$TMP/out/suite"
done
[ -z "$(ls -A "$TMP/out")" ] && ok "no output left" || fail "output left: $(ls -A "$TMP/out")"

# a symbolic link to a regular file is a regular file
ln -s "$(cd "$S" && pwd)/loop.c" "$TMP/link.c"
expect 0 $EREP cfa "$TMP/link.c"
finish
