# Shared by the end-to-end test scripts: where erep and the corpus are, and
# the automake exit codes (77 = skipped).
EREP=${EREP:-./erep}
EREP_CORPUS=${EREP_CORPUS:-$(dirname "$0")/../../shared/corpus}
fails=0
need_corpus() {
  if [ ! -f "$EREP_CORPUS/INDEX.md" ]; then
    echo "skipped: corpus not found (looked in $EREP_CORPUS)"
    exit 77
  fi
}
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }
# expect STATUS CMD...: run CMD, compare its exit status
expect() {
  want=$1; shift
  "$@" >/dev/null 2>&1; got=$?
  [ "$got" = "$want" ] && ok "exit $want: $*" || fail "exit $got (wanted $want): $*"
}
# m32_runs: whether gcc -m32 builds programs that run here (gcc-multilib,
# and a kernel that runs 32-bit programs)
m32_runs() {
  printf 'int main(void) { return 0; }\n' > "$TMP/m32.c"
  ${CC:-gcc} -m32 "$TMP/m32.c" -o "$TMP/m32" >/dev/null 2>&1 && "$TMP/m32" 2>/dev/null
}
# hash_program FILE: a program whose error location is guarded by a hash
# of 64-bit products of four inputs, which Z3 takes seconds or more to
# invert: analyses stay busy in solver checks (limits, signals)
hash_program() {
  {
    echo 'extern unsigned long long __VERIFIER_nondet_ulonglong(void);'
    echo 'extern void reach_error(void);'
    echo 'int main(void) {'
    for i in 0 1 2 3; do
      echo "  unsigned long long x$i = __VERIFIER_nondet_ulonglong();"
    done
    echo '  unsigned long long h = 1469598103934665603ull;'
    i=1
    while [ $i -le 16 ]; do
      echo "  h = (h ^ x$((i % 4))) * (h + x$(((i + 1) % 4)));"
      i=$((i + 1))
    done
    echo '  if (h == 0x123456789abcdefull) reach_error();'
    echo '  return 0;'
    echo '}'
  } > "$1"
}
finish() { [ "$fails" = 0 ] || { echo "$fails check(s) failed"; exit 1; }; exit 0; }
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
