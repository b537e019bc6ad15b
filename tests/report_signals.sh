# SIGINT, SIGTERM and SIGHUP at several moments of `erep report`: while the
# program and the big drivers automaton load, when the search starts, and
# during a Z3 check that runs for seconds. Each leaves either a partial
# report marked "stopped_by": "signal" (exit 0), or, before the search
# began, no file, a message and the status of the signal (128+N).
#
# Not timing-dependent: each signal is sent once erep has printed a marker
# (-v prints "loading ..." and "searching ..." on stderr; trace lines come
# on stdout), and the Z3 check after the first trace cannot finish within
# its 10 s timeout.
. "$(dirname "$0")/lib.sh"

# a background job of a script starts with SIGINT ignored; erep keeps an
# ignored signal ignored (nohup), so give it back its default
if env --default-signal=INT true 2> /dev/null; then
  RUN="env --default-signal=INT,TERM,HUP"
  SIGS="INT TERM HUP"
else
  RUN=env
  SIGS="TERM HUP"
  echo "skipped: SIGINT (env has no --default-signal)"
fi

# One easy trace (a safe cone), then two candidates whose proof means
# factoring 64-bit numbers: Z3 gives up on each after erep's 10 s timeout.
# Two candidate checks that cannot finish: that two different inputs
# collide in a 64-bit multiply-xorshift mix, a bijection (an equivalence
# check of multipliers, hopeless for bit-blasting; Z3 factored the 64-bit
# products that stood here before within a second at times).
cat > "$TMP/hard.c" <<'C'
unsigned long long __VERIFIER_nondet_ulonglong(void);

int main(void) {
  unsigned long long x = __VERIFIER_nondet_ulonglong();
  if (x == 7) return 1;
  unsigned long long y = __VERIFIER_nondet_ulonglong();
  unsigned long long a = x ^ (x >> 33), b = y ^ (y >> 33);
  a = a * 0xff51afd7ed558ccdULL; b = b * 0xff51afd7ed558ccdULL;
  a = a ^ (a >> 29); b = b ^ (b >> 29);
  a = a * 0xc4ceb9fe1a85ec53ULL; b = b * 0xc4ceb9fe1a85ec53ULL;
  a = a ^ (a >> 31); b = b ^ (b >> 31);
  a = a * 0x9e3779b97f4a7c15ULL; b = b * 0x9e3779b97f4a7c15ULL;
  if (x != y) {
    if (a == b) return 2;
    if (b == a) return 3;
  }
  return 0;
}
C
cat > "$TMP/hard.aa.txt" <<'AA'
OBSERVER AUTOMATON Hard
INITIAL STATE q;
STATE __TRUE :
    TRUE -> GOTO __TRUE;
STATE __FALSE :
    TRUE -> GOTO __FALSE;
STATE USEFIRST q :
    MATCH "[x == 7]" -> GOTO __TRUE;
    MATCH "[a == b]" -> GOTO __FALSE;
    MATCH "[b == a]" -> GOTO __FALSE;
    TRUE -> GOTO q;
END AUTOMATON
AA

signo() { case $1 in INT) echo 2 ;; TERM) echo 15 ;; HUP) echo 1 ;; esac; }

# run SIG MARKER EARLY-OK PROGRAM AA: start erep, wait for MARKER on its
# stdout or stderr, send SIG, check the outcome. EARLY-OK=yes accepts the
# "before the search" outcome (the marker comes while loading).
run() {
  sig=$1 marker=$2 early=$3; shift 3
  rm -f "$TMP/out" "$TMP/err" "$TMP/r.json"
  : > "$TMP/out"; : > "$TMP/err"
  $RUN $EREP report -v "$@" -o "$TMP/r.json" > "$TMP/out" 2> "$TMP/err" &
  pid=$!
  seen=no
  for _ in $(seq 3000); do # up to 60 s on a loaded machine
    if grep -qF -- "$marker" "$TMP/out" "$TMP/err"; then seen=yes; break; fi
    kill -0 $pid 2> /dev/null || break
    sleep 0.02
  done
  [ $seen = yes ] && kill -$sig $pid 2> /dev/null
  { wait $pid; } 2> /dev/null; rc=$? # quiet: bash reports a job's SIGHUP
  what="SIG$sig at '${marker##*/}' ($(basename "$1"))"
  if [ $seen = no ]; then
    fail "$what: marker never printed (rc=$rc) $(tail -2 "$TMP/err")"
  elif [ $rc = 0 ] && grep -q '"stopped_by": "signal"' "$TMP/r.json" 2> /dev/null &&
       ! grep -q '"reason": "solver timeout' "$TMP/r.json" &&
       grep -q "SIG$sig: search stopped, the report is partial" "$TMP/err"; then
    ok "$what: partial report, stopped_by signal"
  elif [ $early = yes ] && [ $rc = $((128 + $(signo $sig))) ] && [ ! -e "$TMP/r.json" ] &&
       grep -q "SIG$sig before the search began: stopped, no report written" "$TMP/err"; then
    ok "$what: stopped before the search, no file, status $rc"
  else
    fail "$what: rc=$rc, $(grep -m1 stopped_by "$TMP/r.json" 2> /dev/null), $(grep reason "$TMP/r.json" 2> /dev/null | head -1) $(tail -1 "$TMP/err")"
  fi
  ls -A "$TMP" | grep -q '^\.r\.json' && fail "$what: temporary file left behind"
}

for sig in $SIGS; do
  # during a Z3 check: the first trace is out, the solver works on the next
  run $sig "S1 safe trace" no "$TMP/hard.c" "$TMP/hard.aa.txt"
done

if [ -f "$EREP_CORPUS/INDEX.md" ]; then
  K=$EREP_CORPUS/aa/fse12-drivers64
  P=$K/copy_keyspan_remote.BUG.c
  A=$P.explicit.assumption_automaton
  for sig in $SIGS; do
    run $sig "loading $P" yes "$P" "$A"
    run $sig "loading $A" yes "$P" "$A"
    run $sig "searching" no "$P" "$A"
  done
else
  echo "skipped: signals while the drivers automaton loads (corpus not found)"
fi

# an ignored SIGINT (a background job, nohup) stays ignored, also during a
# Z3 check: Z3's own SIGINT handler used to cancel the check, leaving a
# second hard candidate to use up the time limit. Here the first check
# runs until the time limit, and the second is never reached.
rm -f "$TMP/r.json"; : > "$TMP/out"
(trap '' INT; exec $EREP report --time-limit 3 "$TMP/hard.c" "$TMP/hard.aa.txt" -o "$TMP/r.json" > "$TMP/out" 2> "$TMP/err") &
pid=$!
for _ in $(seq 3000); do grep -q "^S1 " "$TMP/out" && break; kill -0 $pid 2> /dev/null || break; sleep 0.02; done
kill -INT $pid 2> /dev/null
wait $pid; rc=$?
[ $rc = 0 ] && grep -q '"stopped_by": "time"' "$TMP/r.json" && grep -q '"id": "U1"' "$TMP/r.json" &&
  ! grep -q '"id": "U2"' "$TMP/r.json" && ok "ignored SIGINT: the Z3 check was not cancelled" \
  || fail "ignored SIGINT: rc=$rc $(grep -E '^(unknown|  U)' "$TMP/out")"

# Ctrl-C twice: the second one ends erep at once, even while it waits for
# the reader of a FIFO it is to write the report into (the FIFO stays)
if [ "$SIGS" = "INT TERM HUP" ]; then
  mkfifo "$TMP/fifo"
  : > "$TMP/out"; : > "$TMP/err"
  $RUN $EREP report "$TMP/hard.c" "$TMP/hard.aa.txt" -o "$TMP/fifo" > "$TMP/out" 2> "$TMP/err" &
  pid=$!
  for _ in $(seq 3000); do grep -q "^S1 " "$TMP/out" && break; kill -0 $pid 2> /dev/null || break; sleep 0.02; done
  kill -INT $pid 2> /dev/null
  for _ in $(seq 3000); do grep -q "search stopped" "$TMP/err" && break; kill -0 $pid 2> /dev/null || break; sleep 0.02; done
  kill -INT $pid 2> /dev/null
  { wait $pid; } 2> /dev/null; rc=$?
  [ $rc = 130 ] && [ -p "$TMP/fifo" ] && grep -q "SIGINT again: stopping at once" "$TMP/err" \
    && ok "second SIGINT while blocked on a FIFO: ends at once" || fail "second SIGINT: rc=$rc $(cat "$TMP/err")"
fi
finish
