#!/bin/sh
# Messages a newcomer meets first (issue #23): the refusal of an automaton
# made for another program (real line breaks, the near-miss wording of
# the --force warning); the predicate analysis's refusal naming its real
# trigger; a program path that is no regular file, said once.
. "$(dirname "$0")/lib.sh"
SRC=${EREP_SRCDIR:-.}
S=$SRC/samples
EREP=$(cd "$(dirname "$EREP")" && pwd)/$(basename "$EREP") # some cases cd

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

# --- the predicate analysis's refusal names its real trigger ---
M=$SRC/tests/data/messages
$EREP verify "$M/union_only.c" --analysis predicate > "$TMP/out" 2>&1
if grep -q '^UNKNOWN: the program has a union: u at .*union_only.c:6 ' "$TMP/out" &&
   ! grep -q 'holds a pointer' "$TMP/out"; then
  ok "union only: the refusal names the union and its line"
else
  fail "union only: $(head -1 "$TMP/out")"
fi
# a variable whose address is taken is no refusal (open memory): only a
# union is
$EREP verify "$SRC/tests/data/verify/pointer.c" --analysis predicate > "$TMP/out" 2>&1
grep -q '^FALSE: ' "$TMP/out" &&
  ok "pointer: analysed, not refused" || fail "pointer: $(head -1 "$TMP/out")"
printf 'OBSERVER AUTOMATON A\nINITIAL STATE A0;\nSTATE __TRUE : TRUE -> GOTO __TRUE;\nSTATE __FALSE : TRUE -> GOTO __FALSE;\nSTATE USEFIRST A0 :\n  MATCH "return 0;" -> GOTO __TRUE;\n  TRUE -> GOTO A0;\nEND AUTOMATON\n' > "$TMP/lost.aa"
$EREP report "$M/lost_union.c" "$TMP/lost.aa" --analysis predicate -o "$TMP/lost.json" > "$TMP/out" 2>&1; rc=$?
if [ $rc = 2 ] && grep -q 'the program has a union: u at .*lost_union.c:5 ' "$TMP/out" &&
   grep -q 'the CFA lacks the calls of step' "$TMP/out"; then
  ok "report, large blocks: the refusal names the union and the calls clang dropped"
else
  fail "report with lost calls: rc=$rc $(cat "$TMP/out")"
fi
$EREP report "$S/union.c" "$S/union.aa.txt" --analysis predicate --sbe -o "$TMP/u.json" > "$TMP/out" 2>&1; rc=$?
[ $rc = 2 ] && grep -q 'the program has a variable holding a union: g at .*union.c:7 ' "$TMP/out" &&
  ok "report --sbe: a struct holding a union, named" || fail "union sample --sbe: rc=$rc $(cat "$TMP/out")"

# --- a program path that is a directory or a FIFO: "not a regular file",
# once, whether named on the command line or by a report ---
mkdir "$TMP/nr" && cp "$S/loop.c" "$S/loop.aa.txt" "$TMP/nr/"
( cd "$TMP/nr" && $EREP report loop.c loop.aa.txt -o r.json > /dev/null 2>&1 ) ||
  fail "report on the loop sample"
mv "$TMP/nr/loop.c" "$TMP/nr/loop.c.orig"
for kind in directory FIFO; do
  rm -rf "$TMP/nr/loop.c"
  if [ $kind = directory ]; then mkdir "$TMP/nr/loop.c"; else mkfifo "$TMP/nr/loop.c"; fi
  for cmd in "report loop.c loop.aa.txt -o x.json" "verify loop.c" "cfa loop.c" \
             "dot r.json" "dot r.json --view trace:S1"; do
    ( cd "$TMP/nr" && timeout 20 $EREP $cmd < /dev/null > /dev/null 2> "$TMP/err" ); rc=$?
    n=$(grep -o "not a regular file ($([ $kind = FIFO ] && echo a FIFO || echo a directory))" "$TMP/err" | wc -l)
    if [ $rc = 2 ] && [ "$n" = 1 ]; then
      ok "program a $kind: erep $cmd: $(head -1 "$TMP/err")"
    else
      fail "program a $kind: erep $cmd: rc=$rc $(cat "$TMP/err")"
    fi
  done
done

# --- realloc, which no analysis models: the messages name it and its line ---
for a in explicit predicate; do
  $EREP verify "$SRC/tests/data/messages/malloc.c" --analysis $a > "$TMP/out" 2>&1
  grep -q '^UNKNOWN: .*calls realloc at line 8' "$TMP/out" &&
    ok "malloc, --analysis $a: $(head -1 "$TMP/out" | cut -c1-150)" ||
    fail "malloc, --analysis $a: $(head -1 "$TMP/out")"
done

finish
