# Large-block encoding on corpus programs (tests/lbe_walk): random walks
# through the summarised CFA; every feasible block path must expand into a
# feasible statement-level path, and no path through a block the encoding
# calls infeasible may be feasible. Also: `erep cfa --lbe` on every corpus
# program (the summary is built).
. "$(dirname "$0")/lib.sh"
need_corpus
C=$EREP_CORPUS
W=${EREP_BUILDDIR:-.}/tests/lbe_walk
[ -x "$W" ] || W=$(dirname "$EREP")/tests/lbe_walk
"$W" 11 3 40 "$C/cmc2011/locks/test_locks_10.c" "$C/systemc/toy.cil.c" \
  "$C/systemc/pipeline.cil-1.c" "$C/cmc2011/ntdrivers-simplified/cdaudio_simpl1.cil.c" \
  "$C/cmc2011/ssh-simplified/s3_clnt_1.cil.c" > "$TMP/out" 2> "$TMP/err"
rc=$?
cat "$TMP/out"
[ $rc = 0 ] && grep -q '^total: feasible [1-9].*violations 0$' "$TMP/out" &&
  ok "random walks: no violation" || fail "random walks: rc $rc $(grep VIOLATION "$TMP/err" | head -5)"
n=0; bad=0
for p in $(find "$C" -name '*.c' -o -name '*.i' | sort); do
  n=$((n + 1))
  $EREP cfa --lbe "$p" > /dev/null 2> "$TMP/err" || { bad=$((bad + 1)); echo "cfa --lbe $p: $(head -c 200 "$TMP/err")"; }
done
[ $bad = 0 ] && ok "cfa --lbe on $n corpus programs" || fail "cfa --lbe failed on $bad of $n"
finish
