#!/bin/sh
# erep browse on a terminal that cannot move the cursor (TERM=dumb): refused
# with exit 2 and a message, as without a terminal, instead of one garbled
# line and exit 0 (issue #23). Driven in tmux, as tests/browse_tui.sh.
. "$(dirname "$0")/lib.sh"
SRC=$(cd "${EREP_SRCDIR:-.}" && pwd)
EREP=$(cd "$(dirname "$EREP")" && pwd)/$(basename "$EREP")
command -v tmux > /dev/null || { echo "skipped: tmux not found"; exit 77; }
export LC_ALL=C.UTF-8
TM="tmux -L erep-term-$$ -f /dev/null"
trap '$TM kill-server 2>/dev/null; rm -rf "$TMP"' EXIT
$TM new-session -d -s keep -x 80 -y 24 'sleep 3600'
$EREP report "$SRC/samples/loop.c" "$SRC/samples/loop.aa.txt" -o "$TMP/loop.json" > /dev/null 2>&1 ||
  fail "erep report loop.c"
for t in dumb; do
  $TM new-session -d -s "$t" -x 80 -y 24 \
    "env TERM=$t '$EREP' browse '$TMP/loop.json' 2> '$TMP/err'; echo EXIT=\$?; sleep 600"
  i=0
  while [ $i -lt 100 ] && ! $TM capture-pane -p -t "$t" | grep -q 'EXIT='; do
    sleep 0.1; i=$((i + 1))
  done
  # the browser, had it started, waits for q
  $TM capture-pane -p -t "$t" | grep -q 'EXIT=' || $TM send-keys -t "$t" q
  sleep 0.3
  $TM capture-pane -p -t "$t" > "$TMP/screen"
  if grep -qx 'EXIT=2' "$TMP/screen" &&
     grep -q "needs a terminal that can move the cursor (TERM=$t cannot)" "$TMP/err" &&
     [ "$(grep -vc '^$' "$TMP/screen")" = 1 ]; then
    ok "TERM=$t: refused, exit 2, nothing drawn"
  else
    fail "TERM=$t: $(cat "$TMP/err") / screen: $(grep -v '^$' "$TMP/screen")"
  fi
done
# the program a report names, replaced by a FIFO, opened with
# --no-hash-check: the browser starts (fopen of the FIFO blocked for good)
mkdir "$TMP/fifo" && cp "$SRC/samples/loop.c" "$SRC/samples/loop.aa.txt" "$TMP/fifo/"
( cd "$TMP/fifo" && $EREP report loop.c loop.aa.txt -o r.json > /dev/null 2>&1 ) ||
  fail "erep report loop.c (fifo)"
rm "$TMP/fifo/loop.c" && mkfifo "$TMP/fifo/loop.c"
$TM new-session -d -s fifo -x 100 -y 24 \
  "cd '$TMP/fifo' && env TERM=xterm-256color '$EREP' browse --no-hash-check r.json; echo EXIT=\$?; sleep 600"
i=0
while [ $i -lt 100 ] && ! $TM capture-pane -p -t fifo | grep -q 'program loop.c'; do
  sleep 0.1; i=$((i + 1))
done
$TM send-keys -t fifo q
i=0
while [ $i -lt 50 ] && ! $TM capture-pane -p -t fifo | grep -q 'EXIT='; do
  sleep 0.1; i=$((i + 1))
done
$TM capture-pane -p -t fifo > "$TMP/screen"
grep -qx 'EXIT=0' "$TMP/screen" && ok "a FIFO in the program's place: the browser opens and quits" ||
  fail "FIFO program: $(grep -v '^ *$' "$TMP/screen" | head -5)"
# the hung browser of an old binary: ended by its session
$TM kill-session -t fifo 2> /dev/null
finish
