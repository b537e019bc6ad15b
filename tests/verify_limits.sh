# The limits of `erep verify` hold in every phase of the search (issue
# #23, "Hangs and unbounded memory"). Bounds on wall time are coarse:
# each case names what the old erep took.
. "$(dirname "$0")/lib.sh"

# A solver check never outlives the time limit: a hash of 64-bit products
# that Z3 cannot decide in seconds guards the error location. The old erep
# gave the checks after the limit its 10 s solver timeout (the time left
# read as "no limit" once negative): 11 s for --time-limit 1.
hash_program "$TMP/hash.c"
timeout 9 $EREP verify "$TMP/hash.c" --analysis explicit --time-limit 1 \
  > "$TMP/out" 2> "$TMP/err"; rc=$?
[ $rc = 0 ] && grep -q '^UNKNOWN: stopped by time' "$TMP/out" &&
  ok "hard check: stopped by time within 9 s of a 1 s limit" ||
  fail "hard check: rc=$rc $(cat "$TMP/out" "$TMP/err")"

# The limits hold while a long candidate path is encoded for the solver:
# the path to the error location below has 400,000 steps, which the
# explicit analysis reaches in about 200 MB and which takes about 500 MB
# more to encode. The old erep encoded it whatever the limit and said
# FALSE at 700 MB; now the run stops (UNKNOWN, memory) at the limit.
cat > "$TMP/count.c" <<'EOC'
extern void reach_error(void);
int main(void) {
  unsigned int n = 100000;
  unsigned int i = 0;
  unsigned int s = 0;
  while (i < n) {
    s = s + 2;
    i = i + 1;
  }
  if (s == 200000u) reach_error();
  return 0;
}
EOC
timeout 120 $EREP verify "$TMP/count.c" --analysis explicit --memory-limit 350 \
  > "$TMP/out" 2> "$TMP/err"; rc=$?
[ $rc = 0 ] && grep -q '^UNKNOWN: stopped by memory' "$TMP/out" &&
  ok "long path: the memory limit holds while it is encoded" ||
  fail "long path: rc=$rc $(cat "$TMP/out" "$TMP/err")"

# Without --memory-limit a default applies (lib/lim.h: 30% of the
# machine's or cgroup's memory, EREP_MEMORY_DEFAULT_MB replacing it here):
# a counting loop the explicit analysis enumerates for ever ends UNKNOWN
# (memory), and `report` writes a partial report. The old erep grew until
# the kernel killed it (24 GB), printing nothing.
cat > "$TMP/forever.c" <<'EOC'
extern void reach_error(void);
int main(void) {
  unsigned int x = 0;
  while (1) { x++; if (x == 0) reach_error(); }
}
EOC
EREP_MEMORY_DEFAULT_MB=300 timeout 20 $EREP verify "$TMP/forever.c" \
  --analysis explicit > "$TMP/out" 2> "$TMP/err"; rc=$?
[ $rc = 0 ] && grep -q '^UNKNOWN: stopped by memory' "$TMP/out" &&
  ok "verify without --memory-limit: the default stops it" ||
  fail "verify default memory limit: rc=$rc $(cat "$TMP/out" "$TMP/err")"
# The memory limit bounds what is made after the search too: with -o and
# --report, the automaton of the ARG and its report (a frontier trace of
# the whole loop to check) fit in it (lib/lim.h, lim_reserve). The old
# erep stopped the search at the limit, then peaked at 1.8 GB for a limit
# of 300 MB collecting and checking a chain of 838,000 states.
peak=$(python3 - "$EREP" "$TMP/forever.c" "$TMP/fo" <<'PY'
import resource, subprocess, sys
subprocess.run([sys.argv[1], "verify", sys.argv[2], "--analysis", "explicit",
                "--memory-limit", "300", "-o", sys.argv[3], "--report"],
               stdout=open(sys.argv[3] + ".out", "w"), stderr=subprocess.STDOUT,
               timeout=120)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)
PY
)
[ -n "$peak" ] && [ "$peak" -le 375 ] && grep -q '^UNKNOWN: stopped by memory' "$TMP/fo.out" &&
  [ -s "$TMP/fo/automaton.txt" ] && [ -s "$TMP/fo/report.json" ] &&
  ok "verify -o --report: the memory limit (300 MB) holds for the outputs too (peak $peak MB)" ||
  fail "verify -o --report memory: peak ${peak:-?} MB; $(head -3 "$TMP/fo.out" 2>/dev/null)"
printf 'OBSERVER AUTOMATON A\nINITIAL STATE ARG0;\nSTATE USEFIRST ARG0 :\n    MATCH "reach_error();" -> GOTO __FALSE;\n    TRUE -> GOTO ARG0;\nSTATE __FALSE :\n    TRUE -> GOTO __FALSE;\nEND AUTOMATON\n' > "$TMP/all.aa.txt"
EREP_MEMORY_DEFAULT_MB=300 timeout 20 $EREP report "$TMP/forever.c" \
  "$TMP/all.aa.txt" -o "$TMP/forever.json" > "$TMP/out" 2> "$TMP/err"; rc=$?
[ $rc = 0 ] && grep -q '^frontier .*partial, stopped by memory' "$TMP/out" &&
  grep -q '"memory_limit_mb": 300' "$TMP/forever.json" &&
  ok "report without --memory-limit: the default stops it, partial" ||
  fail "report default memory limit: rc=$rc $(cat "$TMP/out" "$TMP/err")"
# a search larger than an automaton erep reads back (more than 500000 ARG
# nodes, collect.h): the automaton that claims nothing, said, at once (the
# previous build wrote gigabytes for such searches, long past the limit)
S=${EREP_SRCDIR:-.}
s0=$(date +%s)
$EREP verify "$S/tests/data/verify/longloop.c" --analysis explicit --time-limit 3 -o "$TMP/ll" > "$TMP/out" 2> "$TMP/err"; rc=$?
s1=$(date +%s)
[ $rc = 0 ] && grep -q 'warning: the search made [0-9]* states, more than an automaton erep reads back holds (at most 500000): the automaton written claims nothing' "$TMP/err" &&
  [ "$(wc -c < "$TMP/ll/automaton.txt")" -lt 1000 ] && [ $((s1 - s0)) -le 15 ] &&
  $EREP report "$S/tests/data/verify/longloop.c" "$TMP/ll/automaton.txt" -o "$TMP/ll.json" > /dev/null 2>&1 &&
  ok "verify -o past 500000 states: the automaton that claims nothing, read back ($((s1 - s0)) s)" ||
  fail "verify -o of a large search: rc=$rc $(cat "$TMP/err") $(ls -la "$TMP/ll" 2>&1)"
finish
