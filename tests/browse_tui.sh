#!/bin/sh
# erep browse, driven in tmux at 80x24 on reports made at test time: bad
# reports and a missing terminal exit 2 with a message; the header, the
# components, grouped traces, a trace beside its source, folding by call
# depth, search with n/N, the filter, the source view with the traces
# through a line, help, the exports, a resize; the terminal is given back
# after q, SIGINT, SIGTERM and a crash signal; control characters in the
# program and in a report are shown, never sent. The screen is polled, not
# slept on.
. "$(dirname "$0")/lib.sh"
SRC=$(cd "${EREP_SRCDIR:-.}" && pwd)
EREP=$(cd "$(dirname "$EREP")" && pwd)/$(basename "$EREP")
MK=$(dirname "$EREP")/tests/browse_mkreport
command -v tmux > /dev/null || { echo "skipped: tmux not found"; exit 77; }
export LC_ALL=C.UTF-8
# a tmux server of our own: no user configuration, no other sessions
TM="tmux -L erep-browse-$$ -f /dev/null"
trap '$TM kill-server 2>/dev/null; rm -rf "$TMP"' EXIT
# a session that stays: killing the others never empties (and stops) the
# server while the next one starts
$TM new-session -d -s keep -x 80 -y 24 'sleep 3600'
B=$TMP/b
mkdir "$B"
cp "$SRC"/samples/call.c "$SRC"/samples/call.aa.txt \
  "$SRC"/tests/data/browse/*.c "$SRC"/tests/data/browse/*.aa.txt \
  "$SRC"/tests/data/undefined/ub.c "$SRC"/tests/data/undefined/ub.aa.txt "$B"/
chmod u+w "$B"/* # distcheck makes the sources read-only
cd "$B" || exit 99
for p in call calls ctrl ub; do
  $EREP report $p.c $p.aa.txt -o $p.json > /dev/null 2>&1 ||
    fail "erep report $p.c"
done

# --- helpers ---
# run NAME W H COMMAND: COMMAND in a new session (the shell stays, so the
# screen after the browser can be read; Ctrl-C is for the browser only)
run() {
  $TM kill-session -t "$1" 2> /dev/null
  $TM new-session -d -s "$1" -x "$2" -y "$3" \
    "cd '$B' && trap true INT && ulimit -c 0 && echo BEFORE-BROWSE &&
     env TERM=xterm-256color TMPDIR='$B' $4; echo EXIT=\$?; sleep 600"
}
screen() { $TM capture-pane -p -t "$1"; }
keys() { s=$1; shift; $TM send-keys -t "$s" "$@"; }
text() { $TM send-keys -t "$1" -l "$2"; }
fmt() { $TM display -p -t "$1" "$2"; }
# see NAME WHAT PATTERN [SECONDS]: wait until the screen matches
see() {
  n=$(( ${4:-10} * 10 )); i=0
  while [ $i -lt $n ]; do
    screen "$1" > "$TMP/screen"
    if grep -q -E -- "$3" "$TMP/screen"; then ok "$2"; return 0; fi
    sleep 0.1; i=$((i + 1))
  done
  fail "$2: no /$3/ on the screen:"
  sed 's/^/  | /' "$TMP/screen"
  return 1
}
# unseen NAME WHAT PATTERN: the screen (as it is now) does not match
unseen() {
  screen "$1" > "$TMP/screen"
  if grep -q -E -- "$3" "$TMP/screen"; then
    fail "$2: /$3/ is on the screen:"; sed 's/^/  | /' "$TMP/screen"
  else ok "$2"; fi
}
# restored NAME WHAT: the browser left the alternate screen, showed the
# cursor again, and the shell's earlier output is back
restored() {
  a=$(fmt "$1" '#{alternate_on} #{cursor_flag}')
  if [ "$a" = "0 1" ] && grep -q BEFORE-BROWSE "$TMP/screen"; then
    ok "$2: terminal restored"
  else
    fail "$2: terminal not restored (alternate_on cursor_flag: $a)"
    sed 's/^/  | /' "$TMP/screen"
  fi
}

# --- no terminal, bad reports ---
$EREP browse call.json < /dev/null > "$TMP/out" 2> "$TMP/err"; rc=$?
[ $rc = 2 ] && grep -q "needs a terminal" "$TMP/err" &&
  ok "no terminal: exit 2, $(cat "$TMP/err" | head -c 60)" ||
  fail "no terminal: rc=$rc $(cat "$TMP/err")"
head -c 300 call.json > trunc.json
sed 's/"version": 1,/"version": 2,/' call.json > v2.json
printf 'not json' > junk.json
cp call.c prog.c
$EREP report prog.c call.aa.txt -o prog.json > /dev/null 2>&1
echo '/* changed */' >> prog.c
run bad 80 24 "$EREP browse trunc.json"
see bad "truncated report: exit 2" 'EXIT=2' && see bad "...with a message" 'trunc.json:.*not valid JSON'
run bad 80 24 "$EREP browse v2.json"
see bad "report of version 2: exit 2" 'EXIT=2' && see bad "...with a message" 'v2.json: .*version 2'
run bad 80 24 "$EREP browse junk.json"
see bad "not JSON: exit 2" 'EXIT=2'
run bad 80 24 "$EREP browse nothere.json"
see bad "missing report: exit 2" 'EXIT=2' && see bad "...with a message" 'nothere.json: cannot open: No such file'
run bad 80 24 "$EREP browse prog.json"
see bad "program changed: exit 2" 'EXIT=2' && see bad "...says so" 'has changed since the report' &&
  see bad "...and how to open it anyway" '--no-hash-check'
run bad 80 24 "$EREP browse --no-hash-check prog.json"
see bad "--no-hash-check: opens a changed program's report" 'program prog.c \(CHANGED\)' &&
  see bad "...with a warning" 'warning: .*has changed'
keys bad q
rm prog.c
# the report carries the program's source (minor 3): it opens without it
run bad 80 24 "$EREP browse prog.json"
see bad "missing program: the report's own source" 'source +18 lines' &&
  { keys bad Enter; see bad "...the steps beside it" 'int main'; }
keys bad q q
# a report without it (minor 2) needs the file
jq 'del(.program.source, .automaton.source) | .minor = 2' prog.json > old.json
run bad 80 24 "$EREP browse old.json"
see bad "minor 2, missing program: exit 2" 'EXIT=2' && see bad "...says why" 'prog.c cannot be read: No such file'
run bad 80 24 "$EREP browse --no-hash-check old.json"
see bad "--no-hash-check: a missing program" 'program prog.c \(MISSING\)' &&
  { keys bad Enter; see bad "...the steps show without source" 'source: not available'; }
keys bad q q

# --- the browser on nested calls ---
run m 80 24 "$EREP browse calls.json"
see m "header: program and automaton" '^program calls.c  automaton calls.aa.txt \(' &&
  see m "header: components full or partial" '^safe full . frontier full . 0 unknown . 2 warnings' &&
  see m "header: analysis and limits" '^explicit analysis; limits: time -' &&
  see m "header: coverage line" '^coverage 8 lines: visited 100%' &&
  see m "components with counts" ' frontier +1 ' &&
  see m "traces grouped by end function" 'main  1 trace' &&
  see m "trace row" ':19 +F1 +31 steps, 1 input' &&
  see m "hint bar" '^\? help  q quit  Enter open'
keys m Enter
see m "open a trace: its title" '^F1 frontier, ends at line 19 in main' &&
  see m "steps beside the source, trace lines marked" '^ +16 +int a = __VERIFIER_nondet_int\(\);.*│ +1[0-9]▌' &&
  see m "the step in full below, with automaton states" 'step 6/31  line 15 in main  ARG0 → ARG0' &&
  see m "the folded global declarations" '▸ 5 global declarations'
see m "inputs consumed by a step" '__VERIFIER_nondet.*  ⇐ -?[0-9]'
see m "calls unfolded at first" '^ +6 +int w = v \+ 1;'
keys m z
see m "z folds the deepest calls" 'calls open to depth 1 of 2' &&
  unseen m "...inner() is folded" '^ +6 +int w = v \+ 1;' &&
  see m "...under its call" 'int r = inner\(v\);  \[4 steps\]'
keys m z
see m "z again: only main" 'calls open to depth 0 of 2' &&
  see m "...outer() folded under its call" 'int b = outer\(a\);  \[9 steps\]'
keys m Z Z
see m "Z Z unfolds all" 'calls open to depth 2 of 2' &&
  see m "...inner() is back" '^ +6 +int w = v \+ 1;'
keys m / ; text m 'outer(a)'; keys m Enter
see m "search: status with n/N" '/outer\(a\)  \(n/N' &&
  see m "...lands on the match" 'text: int b = outer\(a\);'
keys m n
see m "n: the next match (the call)" 'line 17 in main  ARG0 → ARG0  call'
keys m Space
see m "Space folds the call under the cursor" 'int b = outer\(a\);  \[9 steps\]'
keys m Space
see m "Space unfolds it" '^ +10 +\(blank\)'
keys m z z / ; text m 'w = v'; keys m Enter
see m "search opens folds to show a match in context" 'text: int w = v \+ 1;' &&
  see m "...and the call around it" '^ +6 +int w = v \+ 1;'
keys m n
see m "n: the next match, in the second call of outer()" 'step 26/31'
keys m N
see m "N: the previous match" 'step 15/31'
keys m / ; text m 'nomatch'; keys m Enter
see m "search without a match says so" 'nomatch: not found'
keys m '?'
see m "? shows the help" 'erep browse: keys' &&
  see m "...generated from the key table" 'z - +fold one more call depth' &&
  see m "...with every key" 'Enter l Right'
keys m G
see m "G: the last row of the help" 'Ctrl-l +redraw the screen'
keys m q
see m "q closes the help" '^F1 frontier, ends at line 19'
keys m Tab k Enter
see m "Tab, k, Enter in the source beside: the next step at that line" 'step 25/31  line 5 in inner'
keys m / ; text m 'w = v'; keys m Enter
see m "...and back to the steps pane (search there)" 'step 26/31  line 6 in inner'
keys m T
see m "T: the trace as a Test-Comp suite" 'T: F1: 1 test \(1 frontier, 0 safe\) written to' &&
  { ls "$B"/erep-browse-*/export-1-tests/harness.c > /dev/null 2>&1 &&
      ls "$B"/erep-browse-*/export-1.json > /dev/null 2>&1 &&
      ok "...harness and report subset written" ||
      fail "...no harness or report subset in $B/erep-browse-*"; }
keys m D
see m "D: the trace as DOT" 'D: F1 as DOT \(as folded\) written to' &&
  { grep -q 'digraph' "$B"/erep-browse-*/export-2.dot &&
      grep -q '5 global declarations' "$B"/erep-browse-*/export-2.dot &&
      ok "...a DOT graph, folded as on the screen" ||
      fail "...export-2.dot is not the folded trace"; }
# ids are data, never paths: no file is named after one
[ -z "$(ls "$B"/erep-browse-* | grep F1)" ] && ok "...files named by the session's counter" ||
  fail "...a file named after a trace id: $(ls "$B"/erep-browse-*)"
keys m s
see m "s: the source coloured by coverage" 'line 6/20 +verified unexplored on traces' &&
  see m "...with the traces through the line" 'line 6: 1 trace' &&
  see m "...coverage marks and counts" '^ +6 Fv +1 +int w = v'
keys m j Enter
see m "Enter on a line: to its traces" 'F1 +frontier main:19'
keys m Enter
see m "...and Enter opens the trace at that line" 'step 16/31  line 7 in inner'
keys m q
see m "q goes back to the trace list" ':19 +F1 +31 steps'
keys m f ; text m 'inner'; keys m Enter
see m "filter by function" 'no trace matches the filter' &&
  see m "...in the title" 'frontier: 0 of 1 traces, filter: inner'
keys m f C-u ; text m 'main 15-20'; keys m Enter
see m "filter by function and lines" 'frontier: 1 of 1 traces, filter: main 15-20'
keys m f C-u ; text m 'safe'; keys m Enter
see m "filter by component" 'safe: 0 traces'
keys m f C-u Enter
see m "an empty filter clears it" 'filter cleared'
keys m Tab j j j j
see m "Tab to the components, j: another component" 'all: 1 trace by end function' &&
  see m "...the components list traces that reach undefined behaviour" '^ undefined +0 '
keys m q
see m "q quits" 'EXIT=0' && restored m "quit"

# --- 80x24 after a resize from a larger terminal ---
run r 120 40 "$EREP browse calls.json"
see r "120x40: the full coverage line" 'coverage 8 lines: visited 8 \(100%\), on traces 8'
keys r Enter
see r "120x40: automaton states in a column" 'ARG0→ARG0'
$TM resize-window -t r -x 80 -y 24
see r "resized to 80x24: the short coverage line" '^coverage 8 lines: visited 100% traces'
screen r > "$TMP/screen"
[ "$(wc -l < "$TMP/screen")" -le 24 ] && [ "$(wc -L < "$TMP/screen")" -le 80 ] &&
  sed -n 24p "$TMP/screen" | grep -q '^? help' &&
  ok "resized: the screen fits 80x24, hint bar on the last row" ||
  { fail "resized: the screen does not fit 80x24"; sed 's/^/  | /' "$TMP/screen"; }
keys r q q
see r "quit after a resize" 'EXIT=0' && restored r "quit after a resize"

# --- Q quits from any screen: from a trace, two screens deep ---
run Q 80 24 "$EREP browse calls.json"
see Q "Q: the browser is up" 'coverage'
keys Q Enter
see Q "Q: a trace is open" 'step [0-9]+/[0-9]+'
keys Q Q
see Q "Q quits from a trace" 'EXIT=0' && restored Q "quit by Q"

# --- lines (:N, N then g, digits in a search), the editor (e), the
# filter prompt, a long warning in full ---
cat > "$B/ed.sh" << 'EOF'
#!/bin/sh
# the test's editor: what it was given and the file's mode, then done
{ echo "$@"; ls -l "$2" | cut -c1-10; } > "$0.args"
EOF
chmod +x "$B/ed.sh"
# edited ARGS MODE: the editor ran with ARGS on a file of MODE
edited() {
  i=0; while [ ! -s "$B/ed.sh.args" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
  if [ "$(sed -n 1p "$B/ed.sh.args")" = "$1" ] && [ "$(sed -n 2p "$B/ed.sh.args")" = "$2" ]; then
    ok "e: the editor got '$1' ($2)"
  else
    fail "e: the editor got '$(cat "$B/ed.sh.args" 2>/dev/null | tr '\n' ' ')', not '$1' ($2)"
  fi
  rm -f "$B/ed.sh.args"
}
run L 80 24 "env VISUAL= EDITOR='$B/ed.sh' $EREP browse calls.json"
see L "lines: the browser is up" 'coverage'
keys L Enter
see L "lines: a trace is open" 'step [0-9]+/31'
keys L :
see L ": opens the line prompt" '^line:'
text L 18; keys L Enter
see L ":18 in the steps: the next step at line 18" 'step 20/31  line 18 in main'
keys L e
edited "+18 calls.c" "-rw-r--r--"
see L "...and the browser is back after the editor" 'step 20/31  line 18 in main'
keys L / ; text L 7; keys L Enter
see L "a search of digits finds the step at that line" 'line 7 in inner'
keys L s 1 2 g
see L "12g in the source: line 12" 'line 12/20'
keys L : ; text L 99; keys L Enter
see L ":99 past the end says so" 'line 99: the program has lines 1 to 20'
keys L f ; text L main; keys L Enter f
see L "the filter prompt starts empty and names the filter in force" 'now: main;' &&
  see L "...(empty)" '^filter:$'
keys L Escape q q Tab G Enter
see L "the warnings" '2 warnings of the report' &&
  see L "...the selected one in full below the list" 'warning 1/2' &&
  see L "...wrapped, to its end" 'nearly matches it \(line 7\)'
keys L e
edited "+7 calls.c" "-rw-r--r--"
keys L Q
see L "Q after the editor" 'EXIT=0' && restored L "quit after the editor"
# the report elsewhere, without its program: a read-only copy, removed after
mkdir "$B/away" && cp calls.json "$B/away/"
run A 80 24 "sh -c 'cd away && VISUAL=$B/ed.sh exec $EREP browse calls.json'"
see A "moved report: up" 'coverage'
keys A Enter : ; text A 16; keys A Enter e
i=0; while [ ! -s "$B/ed.sh.args" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
edited "+16 $(dirname "$(sed -n 1p "$B/ed.sh.args" | cut -d' ' -f2)" | grep "^$B/erep-edit-")/calls.c" "-r--------"
see A "...the status says it was a copy" 'e showed a read-only copy'
[ -z "$(ls -d "$B"/erep-edit-* 2>/dev/null)" ] && ok "...the copy is removed" ||
  fail "...the copy stays: $(ls -d "$B"/erep-edit-*)"
keys A Q
see A "quit" 'EXIT=0'

# --- a trace that reaches undefined behaviour ---
run U 100 24 "$EREP browse ub.json"
see U "undefined: the header counts it" '0 unknown . 1 undefined . ' &&
  see U "...the components list it" '^ undefined +1 '
keys U Tab G k k k Enter
see U "...grouped by the operation" 'invalid pointer dereference at line 11  1 trace'
keys U j Enter
see U "...its header: the step and what is undefined" 'UB1 undefined behaviour at step 10 \(line 11\): invalid pointer'
see U "...the step marked" 'x = \*p;.*undefined here'
keys U Q
see U "quit" 'EXIT=0'

# --- signals: the terminal is given back, the exit status tells ---
sig() { # SIGNAL STATUS
  run s 80 24 "sh -c 'echo \$\$ > $TMP/pid; exec $EREP browse calls.json'"
  see s "$1: running" 'components' > /dev/null || return
  if [ "$1" = INT ]; then keys s C-c; else kill -s "$1" "$(cat "$TMP/pid")"; fi
  see s "SIG$1: dies of the signal" "EXIT=$2" && restored s "SIG$1"
}
sig INT 130
sig TERM 143
sig SEGV 139
sig ABRT 134

# --- control characters: shown, never sent ---
title=$($TM display -p -t m '#{pane_title}')
run c 160 24 "$EREP browse ctrl.json"
see c "control characters: the report opens" '^program ctrl.c'
keys c Enter j
see c "ESC, OSC and BEL in a step show as ^[ and ^G" 'char \*t = "\^\[\]0;PWNED-TITLE\^G\^\[\[31m'
keys c s
see c "...and in the source: C1, bidi override, DEL" '<U\+009B>31m C1 <U\+202E> RLO \^\?' &&
  see c "...a byte that is not UTF-8" 'not UTF-8: <FF>' &&
  see c "...the clear-screen sequence in a comment" '\^\[\[2J\^\[\[H \(clear screen\)'
[ "$($TM display -p -t c '#{pane_title}')" = "$title" ] &&
  ok "the window title is unchanged" ||
  fail "the window title changed: $($TM display -p -t c '#{pane_title}')"
see c "the header survived (no clear screen)" '^safe full'
keys c q q q
see c "quit" 'EXIT=0' && restored c "quit after control characters"

# --- a long trace with control characters in every field ---
N=${EREP_BROWSE_STEPS:-100000}
"$MK" calls.c "$N" big.json || fail "browse_mkreport"
run g 80 24 "$EREP browse big.json"
see g "$N steps: the report opens" ":20 +F1 +$N steps" 30 &&
  see g "...a control sequence in the automaton's dialect shows" '\^\[\]0;PWNED-DIALECT\^G'
keys g Enter
see g "...the trace opens" "steps: $N, calls open to depth 1 of 1" &&
  see g "...texts with control sequences show" '\^\[\]0;PWNED-STEP\^G'
keys g z G
see g "...folds and goes to the end" "step $((N - 4))/$N|step $N/$N"
keys g q q
see g "...quits" 'EXIT=0'
[ "$($TM display -p -t g '#{pane_title}')" = "$title" ] &&
  ok "...the window title is unchanged" || fail "...the window title changed"
finish
