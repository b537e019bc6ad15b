# Limits and small input errors: --time-limit takes finite decimal seconds
# only; --memory-limit below what loading took is refused before the
# search; an unknown word in an automaton is named.
. "$(dirname "$0")/lib.sh"
S=${EREP_SRCDIR:-.}/samples

# --time-limit: nan, inf, hexadecimal, blanks, -0 and overflow are refused
# (exit 2, the option named, no report written); decimal forms work
for v in nan NaN -nan inf infinity 0x1p3 0x10 " 5" "5 " -0 0 1e400 1e-400 "" . e5 10000001; do
  $EREP report --time-limit "$v" "$S/loop.c" "$S/loop.aa.txt" -o "$TMP/t.json" > /dev/null 2> "$TMP/err"; rc=$?
  if [ $rc = 2 ] && grep -q -- "--time-limit wants a positive" "$TMP/err" && [ ! -e "$TMP/t.json" ]; then
    ok "--time-limit '$v' refused"
  else
    fail "--time-limit '$v': rc=$rc $(cat "$TMP/err")"; rm -f "$TMP/t.json"
  fi
done
for v in 5 0.5 .5 5. 5e1 1E+2 1e7; do
  expect 0 $EREP report -o "$TMP/noout.json" --time-limit "$v" "$S/loop.c" "$S/loop.aa.txt"
done

# --memory-limit below what loading took (libraries included, some tens of
# MB) is refused before the search, and no report is written; the old erep
# searched and stopped at once, or ran a small search to the end unlimited
$EREP report --memory-limit 1 "$S/loop.c" "$S/loop.aa.txt" -o "$TMP/m.json" > "$TMP/out" 2> "$TMP/err"; rc=$?
[ $rc = 2 ] && [ ! -e "$TMP/m.json" ] && [ ! -s "$TMP/out" ] &&
  grep -q 'the memory limit of 1 MB is below what loading .*loop.c and .*loop.aa.txt took ([0-9]* MB)' "$TMP/err" \
  && ok "memory limit below loading: refused" || fail "memory limit 1: rc=$rc $(cat "$TMP/err")"

# an unknown word where a trigger belongs is named (it was "a trigger must
# be a condition, not an integer")
printf 'OBSERVER AUTOMATON A\nINITIAL STATE q;\nSTATE USEFIRST q :\n  MATCH "x" -> GOTO r;\nSTAT USEFIRST r :\n  TRUE -> GOTO r;\nEND AUTOMATON\n' > "$TMP/stat.txt"
$EREP report "$S/loop.c" "$TMP/stat.txt" 2> "$TMP/err"; rc=$?
[ $rc = 2 ] && grep -q "stat.txt:5:1: unknown word 'STAT' (did you mean STATE?)" "$TMP/err" \
  && ok "unknown word STAT named" || fail "STAT: rc=$rc $(cat "$TMP/err")"
finish
