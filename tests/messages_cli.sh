#!/bin/sh
# Messages a newcomer meets first (issue #23): the refusal of an automaton
# made for another program (real line breaks, the near-miss wording of
# the --force warning); the predicate analysis's refusal naming its real
# trigger; a program path that is no regular file, said once.
. "$(dirname "$0")/lib.sh"
SRC=${EREP_SRCDIR:-.}
S=$SRC/samples

# --- the fit gate: real line breaks, one wording for a near miss ---
for a in call ifelse; do
  $EREP report "$S/loop.c" "$S/$a.aa.txt" -o "$TMP/r.json" > /dev/null 2> "$TMP/err"; rc=$?
  if [ $rc = 2 ] && grep -q 'does not fit the program' "$TMP/err" &&
     ! grep -qF '\n' "$TMP/err" &&
     grep -qx '  (--force reports anyway, with partial components)' "$TMP/err"; then
    ok "misfit $a.aa.txt: refused, the --force hint on a line of its own"
  else
    fail "misfit $a.aa.txt: rc=$rc $(cat "$TMP/err")"
  fi
done
# a MATCH close to the program's edge: the refusal and the --force warning
# use the same words for it
sed 's/MATCH "int n = 0;"/MATCH "int q = 7;"/' "$S/loop.aa.txt" > "$TMP/near.aa.txt"
$EREP report "$S/loop.c" "$TMP/near.aa.txt" -o "$TMP/r.json" > /dev/null 2> "$TMP/err"; rc=$?
$EREP report "$S/loop.c" "$TMP/near.aa.txt" -o "$TMP/r.json" --force > "$TMP/out" 2>&1
if [ $rc = 2 ] && ! grep -q 'no edit of a program line' "$TMP/err" &&
   grep -q 'nearly matches' "$TMP/err" && grep -q 'nearly matches' "$TMP/out" &&
   ! grep -qF '\n' "$TMP/err"; then
  ok "near miss: one wording in the refusal and the --force warning"
else
  fail "near miss: rc=$rc $(cat "$TMP/err") / $(grep near "$TMP/out")"
fi

finish
