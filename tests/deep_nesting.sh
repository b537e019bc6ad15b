# Long and deeply nested but valid programs: a CFA and a report, or exit 2
# with a message naming the file; never a crash. A 50 000-term sum used to
# overflow the stack of libclang's parsing thread (exit 139). The inputs
# are generated here: they are too big to keep.
. "$(dirname "$0")/lib.sh"
mkdir "$TMP/out"

# gen FILE BODY-AWK: a main() whose body the awk program prints
gen() {
  awk "BEGIN { printf \"int main(void) {\\n  int x = 1;\\n\"; $2; printf \"\\n  return 0;\\n}\\n\" }" > "$TMP/$1"
}
# crashfree CMD...: exit status and stderr of CMD, failing on a signal
run() {
  "$@" > "$TMP/stdout" 2> "$TMP/err"; rc=$?
  [ "$rc" -lt 128 ] || fail "killed by signal $((rc - 128)): $*"
}

# x = x + x + ... + x with 50 000 terms: CFA and report
gen sum.c 'printf "  x = x"; for (i = 1; i < 50000; i++) printf " + x"; printf ";"'
run $EREP cfa "$TMP/sum.c"
[ "$rc" = 0 ] && grep -q '^  statement  *2$' "$TMP/stdout" && ok "50 000 terms: CFA" \
  || fail "50 000 terms: cfa exit $rc: $(head -c 300 "$TMP/err")"
cat > "$TMP/all.txt" <<'AA'
OBSERVER AUTOMATON AssumptionAutomaton
INITIAL STATE ARG0;
STATE __TRUE : TRUE -> GOTO __TRUE;
STATE __FALSE : TRUE -> GOTO __FALSE;
STATE USEFIRST ARG0 :
    MATCH "return 0;" -> GOTO __FALSE;
    TRUE -> GOTO ARG0;
END AUTOMATON
AA
run $EREP report "$TMP/sum.c" "$TMP/all.txt" -o "$TMP/out/sum.json"
[ "$rc" = 0 ] && grep -q '"feasibility": "feasible"' "$TMP/out/sum.json" \
  && ok "50 000 terms: report with a feasible trace" \
  || fail "50 000 terms: report exit $rc: $(head -c 300 "$TMP/err")"
rm -f "$TMP/out/sum.json"

# 200 000 terms within a minute: libclang's extent of an operator walks
# all its operands, and asking it at every level took quadratic time
# (check-asan: ASan's frames are several times larger, and 200 000 nested
# operators outgrow even the 512 MiB stack there; the 50 000-term cases
# above still run)
if [ -z "$EREP_ASAN" ]; then
gen sum200k.c 'printf "  x = x"; for (i = 1; i < 200000; i++) printf " - x"; printf ";"'
run timeout 60 $EREP cfa "$TMP/sum200k.c"
[ "$rc" = 0 ] && ok "200 000 terms: CFA within a minute" \
  || fail "200 000 terms: cfa exit $rc: $(head -c 300 "$TMP/err")"
fi

# a condition of 50 000 operands: one assume edge pair each
gen and.c 'printf "  if (x"; for (i = 1; i < 50000; i++) printf " && x"; printf ") x = 2;"'
run $EREP cfa "$TMP/and.c"
[ "$rc" = 0 ] && grep -q '^  assume  *100000$' "$TMP/stdout" && ok "50 000 operands of &&: CFA" \
  || fail "50 000 operands of &&: cfa exit $rc: $(head -c 300 "$TMP/err")"

# 100 000 nested parentheses: beyond clang's bracket limit, a bad input
gen paren.c 'printf "  x = "; for (i = 0; i < 100000; i++) printf "("; printf "x"; for (i = 0; i < 100000; i++) printf ")"; printf ";"'
run $EREP cfa "$TMP/paren.c"
[ "$rc" = 2 ] && grep -q 'paren.c:[0-9]*:[0-9]*: error: bracket nesting' "$TMP/err" \
  && ok "100 000 parentheses: exit 2 naming file and line" \
  || fail "100 000 parentheses: exit $rc: $(head -c 300 "$TMP/err")"

# 1 000 000 nested unary minus: more than even the big stack holds; the
# front end's crash is a message and exit 2, and no output is left
gen minus.c 'printf "  x = "; for (i = 0; i < 1000000; i++) printf "- "; printf "x;"'
run $EREP report "$TMP/minus.c" "$TMP/all.txt" -o "$TMP/out/minus.json"
[ "$rc" = 2 ] && grep -q '^erep: the C front end crashed on .*minus.c (out of stack' "$TMP/err" \
  && ok "1 000 000 unary minus: exit 2, out of stack" \
  || fail "1 000 000 unary minus: exit $rc: $(head -c 300 "$TMP/err")"
[ -z "$(ls -A "$TMP/out")" ] && ok "no output left" || fail "output left: $(ls -A "$TMP/out")"
finish
