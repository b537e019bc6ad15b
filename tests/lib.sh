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
finish() { [ "$fails" = 0 ] || { echo "$fails check(s) failed"; exit 1; }; exit 0; }
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
