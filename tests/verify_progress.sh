#!/bin/sh
# erep verify shows its progress (phase, abstract states, refinements, time)
# on stderr when stderr is a terminal: in place, at most 4 updates a
# second, erased before any other output; nothing of it when stderr is a
# file or a pipe. The terminal is script(1)'s pseudo-terminal.
. "$(dirname "$0")/lib.sh"
command -v script >/dev/null 2>&1 || { echo "skipped: no script(1)"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "skipped: no python3"; exit 77; }
# a counting loop: a million explicit states, a second or two
cat > "$TMP/count.c" <<'C'
extern void reach_error(void);
int main(void) {
  unsigned i = 0;
  while (i < 1000000) i++;
  if (i != 1000000) reach_error();
  return 0;
}
C
start=$(date +%s.%N)
script -qc "'$EREP' verify '$TMP/count.c' --analysis explicit" /dev/null > "$TMP/tty" 2>&1
end=$(date +%s.%N)
python3 - "$TMP/tty" "$start" "$end" <<'PY' || fails=$((fails + 1))
import re, sys
t = open(sys.argv[1], 'rb').read().decode('utf-8', 'replace')
secs = float(sys.argv[3]) - float(sys.argv[2])
bad = 0
def check(c, what):
    global bad
    print(("ok: " if c else "FAIL: ") + what)
    bad |= not c
updates = re.findall(r'\rerep verify: ([^\r\n]*)', t)
check(any(re.search(r'explicit: \d+ abstract states, \d+ refinements?, [0-9.]+ s', u)
          for u in updates), "a progress line with the phase, states, refinements: %s"
      % (updates[-1] if updates else None))
check(all(len('erep verify: ' + u) <= 79 for u in updates), "progress lines fit the terminal")
check(len(updates) <= 4 * secs + 3, "%d updates in %.1f s: at most 4 a second" % (len(updates), secs))
v = t.find('TRUE')
check(v > 0, "the verdict is printed")
check('abstract states,' not in t[v:], "no progress after the verdict")
# the line that holds the verdict: the progress line erased ('\r', blanks,
# '\r') before it, so that what the terminal shows is the verdict alone
line = t[t.rfind('\n', 0, v) + 1:t.find('\n', v)].rstrip('\r')
shown = line.split('\r')[-1]
erased = all(p.strip(' ') == '' for p in line.split('\r')[1:-1][-1:])
check(shown == 'TRUE' and erased, "the verdict's line shows the verdict alone: %r" % line[-60:])
sys.exit(bad)
PY
# a signal: its message on a line of its own, the progress line erased
# first, whether it comes while the program loads (lib/sigwatch's message)
# or during the search (verify's own)
python3 -c "
print('extern void reach_error(void);')
for i in range(20000): print('int f%d(int x) { if (x > %d) return x - 1; return x + 1; }' % (i, i))
print('int main(void) { int s = 0;')
for i in range(20000): print('  s += f%d(s);' % i)
print('  return 0; }')" > "$TMP/big.c"
script -qc "sh -c '\"\$0\" verify \"\$1\" & p=\$!; sleep 0.3; kill -TERM \$p; wait \$p' '$EREP' '$TMP/big.c'" /dev/null > "$TMP/tty3" 2>&1
python3 - "$TMP/tty3" <<'PY' || fails=$((fails + 1))
import sys
t = open(sys.argv[1], 'rb').read().decode('utf-8', 'replace')
line = next((l for l in t.split('\n') if 'SIGTERM' in l), None)
parts = line.rstrip('\r').split('\r') if line else []
# what the terminal shows: the last segment written over the line
ok = len(parts) >= 1 and parts[-1].startswith('erep verify: SIGTERM') and \
    (len(parts) < 3 or parts[-2].strip(' ') == '')
print(("ok: " if ok else "FAIL: ") + "SIGTERM: the message on a clean line: %r" % (line or t)[-120:])
sys.exit(0 if ok else 1)
PY
# stderr a file (stdout the terminal): nothing of the progress
script -qc "'$EREP' verify '$TMP/count.c' --analysis explicit 2> '$TMP/err'" /dev/null > "$TMP/tty2" 2>&1
if [ ! -s "$TMP/err" ] && ! grep -q 'abstract states,' "$TMP/tty2"; then
  ok "stderr not a terminal: no progress"
else
  fail "progress without a terminal: $(od -c "$TMP/err" | head -3)"
fi
$EREP verify "$TMP/count.c" --analysis explicit > "$TMP/out" 2> "$TMP/err"
[ ! -s "$TMP/err" ] && [ "$(head -1 "$TMP/out")" = TRUE ] && ok "no terminal at all: no progress" ||
  fail "no terminal: $(head -c 200 "$TMP/err")"
finish
