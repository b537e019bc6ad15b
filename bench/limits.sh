#!/bin/sh
# The limits of issue #23, two builds side by side: wall time and peak
# resident memory (GNU time) of each case under OLD and NEW, each run
# capped at CAP seconds (default 130; a capped run prints ">CAP").
#  - hard:  verify --analysis explicit --time-limit 1 on a hash of 64-bit
#           products that guards reach_error (a Z3 check outlived the limit)
#  - long:  verify --analysis explicit --time-limit 5 on a loop of 10^6
#           iterations (the path was encoded for the solver unpolled)
#  - load:  report --time-limit 1 with a 200,014-state automaton of
#           samples/loop.c (loading and the fit measurement were outside)
#  - array: tests on a report whose array input has 20,000 elements (the
#           value's text was rebuilt per element)
#  - outputs: verify -o --report --memory-limit 300 on a loop the explicit
#           analysis enumerates for ever (the automaton and the report were
#           made past the limit: lib/lim.h, lim_reserve)
#  - collect: verify -o --state-limit 3000000 on cmc2011's transmitter.10
#           (the automaton of an 1.8-million-node ARG: analysis/collect.c
#           and fold.c; skipped without the corpus)
# usage: bench/limits.sh OLD_EREP NEW_EREP   (env: CAP=130, EREP_CORPUS,
#        CASES="hard long load array outputs collect")
OLD=$1; NEW=$2
[ -x "$OLD" ] && [ -x "$NEW" ] || { echo "usage: $0 OLD_EREP NEW_EREP" >&2; exit 2; }
command -v jq > /dev/null || { echo "$0: needs jq" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "$0: needs GNU time (/usr/bin/time)" >&2; exit 2; }
HERE=$(cd "$(dirname "$0")" && pwd); S=$HERE/../samples
CAP=${CAP:-130}; CASES=${CASES:-hard long load array outputs collect}
P10=${EREP_CORPUS:-$HERE/../../shared/corpus}/cmc2011/systemc/transmitter.10.BUG.cil.c
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

{ echo 'extern unsigned long long __VERIFIER_nondet_ulonglong(void);'
  echo 'extern void reach_error(void);'
  echo 'int main(void) {'
  for i in 0 1 2 3; do echo "  unsigned long long x$i = __VERIFIER_nondet_ulonglong();"; done
  echo '  unsigned long long h = 1469598103934665603ull;'
  i=1
  while [ $i -le 16 ]; do
    echo "  h = (h ^ x$((i % 4))) * (h + x$(((i + 1) % 4)));"; i=$((i + 1))
  done
  echo '  if (h == 0x123456789abcdefull) reach_error();'
  echo '  return 0;'
  echo '}'; } > "$T/hash.c"
cat > "$T/count.c" <<'EOC'
extern void reach_error(void);
int main(void) {
  unsigned int i = 0, s = 0;
  while (i < 1000000u) { s = s + 2; i = i + 1; }
  if (s == 2000000u) reach_error();
  return 0;
}
EOC
printf 'extern void reach_error(void);\nint main(void) {\n  unsigned int x = 0;\n  while (1) { x++; if (x == 0) reach_error(); }\n}\n' > "$T/forever.c"
sh "$HERE/../tests/big_aa.sh" 33334 > "$T/big.aa.txt"
printf 'extern void reach_error(void);\nint main(void) {\n  int a[20000];\n  if (a[19999] == 42) reach_error();\n  return 0;\n}\n' > "$T/ua.c"
"$NEW" verify "$T/ua.c" -o "$T/v" > /dev/null 2>&1 || { echo "$0: verify ua.c failed" >&2; exit 1; }
awk 'BEGIN { printf "{"; for (i = 0; i < 20000; i++) printf "%s[%d]=%d", i ? "," : "", i, i + 1; printf "}" }' > "$T/value"
jq --rawfile v "$T/value" '.components.frontier.traces[0].inputs[0].value = $v' \
  "$T/v/counterexample.json" > "$T/array.json"

run() { # run NAME EREP ARGS...: "seconds peak-MB" (">CAP" when capped)
  name=$1; e=$2; shift 2
  rm -rf "$T/out"; mkdir "$T/out"
  /usr/bin/time -f '%e %M' -o "$T/time" timeout "$CAP" "$e" "$@" > "$T/stdout" 2>&1
  rc=$?
  set -- $(tail -1 "$T/time")
  if [ $rc = 124 ]; then printf '>%-8s %6s' "$CAP" -; else printf '%-9s %6d' "$1" $(($2 / 1024)); fi
}
printf '%-6s %-16s %-16s\n' case "old: s, MB" "new: s, MB"
for c in $CASES; do
  case $c in
    hard) set -- verify "$T/hash.c" --analysis explicit --time-limit 1 ;;
    long) set -- verify "$T/count.c" --analysis explicit --time-limit 5 ;;
    load) set -- report "$S/loop.c" "$T/big.aa.txt" --time-limit 1 -o "$T/out/r.json" ;;
    array) set -- tests "$T/array.json" -o "$T/out/suite" ;;
    outputs) set -- verify "$T/forever.c" --analysis explicit --memory-limit 300 \
               -o "$T/out/v" --report ;;
    collect) [ -f "$P10" ] || { echo "collect: skipped: corpus not found"; continue; }
             set -- verify "$P10" --analysis explicit --state-limit 3000000 -o "$T/out/v" ;;
    *) echo "unknown case $c" >&2; continue ;;
  esac
  printf '%-6s %s  %s\n' "$c" "$(run "$c" "$OLD" "$@")" "$(run "$c" "$NEW" "$@")"
done
