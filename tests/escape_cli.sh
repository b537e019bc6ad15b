# Terminal safety and text fidelity: program text, automaton text and report
# fields with escape sequences (colour, clear screen, an OSC window title),
# BEL, C1 controls, a bidirectional override and invalid UTF-8 reach no
# output as raw bytes (erep cfa, cfa -v, cfa --dot, report, match, diff, tests,
# the files erep tests writes), and the JSON keeps every text field (jansson
# refuses invalid UTF-8: a near-miss warning used to lose its message).
. "$(dirname "$0")/lib.sh"
command -v jq > /dev/null || { echo "skipped: jq not found (apt-get install jq)"; exit 77; }

ESC=$(printf '\033') BEL=$(printf '\007')
C1=$(printf '\302\233')   # U+009B, CSI as a C1 control
BIDI=$(printf '\342\200\256') # U+202E, right-to-left override
BAD=$(printf '\344\377')  # Latin-1 a-umlaut, then a byte never in UTF-8
NASTY="$ESC]0;owned$BEL$ESC[2J$ESC[31m red $C1 $BAD $BIDI"

# clean NAME FILE: no control byte but tab and newline, valid UTF-8, and
# neither the C1 control nor the override. JSON files hold the text itself:
# there C0 controls are \uXXXX and valid UTF-8 stays (clean_json).
clean_json() {
  bytes=$(LC_ALL=C tr -d '\t\n\040-\176\200-\377' < "$2" | wc -c)
  if [ "$bytes" != 0 ]; then
    fail "$1: $bytes raw control bytes"
  elif ! iconv -f UTF-8 -t UTF-8 < "$2" > /dev/null 2>&1; then
    fail "$1: not valid UTF-8"
  else
    ok "$1: no raw control bytes, valid UTF-8"
  fi
}
clean() {
  bytes=$(LC_ALL=C tr -d '\t\n\040-\176\200-\377' < "$2" | wc -c)
  if [ "$bytes" != 0 ]; then
    fail "$1: $bytes raw control bytes"
    LC_ALL=C grep -n "$ESC\|$BEL" "$2" | head -3 | cat -v
  elif ! iconv -f UTF-8 -t UTF-8 < "$2" > /dev/null 2>&1; then
    fail "$1: not valid UTF-8"
  elif LC_ALL=C grep -q "$C1\|$BIDI" "$2"; then
    fail "$1: a C1 or bidirectional control"
  else
    ok "$1: no raw control bytes"
  fi
}

# --- a program whose string literals carry them ---
cat > "$TMP/ctl.c" << EOF
extern int __VERIFIER_nondet_int(void);
extern int puts(const char *);
int main(void) {
  int x = __VERIFIER_nondet_int();
  puts("$NASTY");
  if (x > 0) {
    puts("${BEL}bell\\n");
  }
  return 0;
}
EOF
$EREP cfa "$TMP/ctl.c" > "$TMP/cfa.out" 2>&1 || fail "cfa"
clean "cfa summary" "$TMP/cfa.out"
$EREP cfa -v "$TMP/ctl.c" > "$TMP/cfav.out" 2>&1 || fail "cfa -v"
clean "cfa -v" "$TMP/cfav.out"
grep -qF 'puts(\"\e]0;owned\a\e[2J\e[31m red \u009b \xe4\xff \u202e\");' "$TMP/cfav.out" \
  && ok "cfa -v: escapes readable" || fail "cfa -v: $(grep puts "$TMP/cfav.out" | cat -v)"
$EREP cfa --dot "$TMP/ctl.c" > "$TMP/cfa.dot" 2> "$TMP/dot.err" || fail "cfa --dot"
clean "cfa --dot" "$TMP/cfa.dot"
clean "cfa --dot stderr" "$TMP/dot.err"
# a backslash is Graphviz's escape character: doubled, so it shows as one
grep -qF ': puts(\"\\e]0;owned\\a\\e[2J' "$TMP/cfa.dot" && grep -qF 'puts(\"\\abell\\n\");' "$TMP/cfa.dot" \
  && ok "cfa --dot: labels escaped for Graphviz" || fail "cfa --dot labels: $(grep puts "$TMP/cfa.dot" | cat -v)"
if command -v dot > /dev/null; then
  dot -Tsvg "$TMP/cfa.dot" > "$TMP/cfa.svg" 2> /dev/null && grep -qF '\e]0;owned\a\e[2J' "$TMP/cfa.svg" \
    && grep -qF 'puts(&quot;\abell\n&quot;);' "$TMP/cfa.svg" \
    && ok "dot shows the escapes and the source's own backslash" || fail "dot rendering: $(grep -o '[^>]*bell[^<]*' "$TMP/cfa.svg")"
fi

# --- an automaton whose MATCH nearly matches that edge, with invalid UTF-8 ---
state() { printf 'STATE USEFIRST %s :\n    MATCH "%s" -> GOTO %s;\n    TRUE -> GOTO %s;\n\n' "$@"; }
{
  printf 'OBSERVER AUTOMATON AssumptionAutomaton\n\nINITIAL STATE A0;\n\n'
  printf 'STATE __TRUE :\n    TRUE -> GOTO __TRUE;\n\nSTATE __FALSE :\n    TRUE -> GOTO __FALSE;\n\n'
  state A0 'extern int __VERIFIER_nondet_int(void);' A1 __FALSE
  state A1 'extern int puts(const char *);' A2 __FALSE
  state A2 'int main(void)' A3 __FALSE
  state A3 '' A4 __FALSE
  state A4 'int x = __VERIFIER_nondet_int();' A5 __FALSE
  state A5 'int x = __VERIFIER_nondet_int();' A6 __FALSE
  state A6 "puts(\\\"$NASTY$BAD\\\");" A7 __TRUE
  printf 'STATE USEFIRST A7 :\n    TRUE -> GOTO __FALSE;\n\nEND AUTOMATON\n'
} > "$TMP/ctl.aa.txt"
# the one-line edit is more than erep accepts of an automaton: the refusal
# quotes both texts, and --force reports anyway (where erep has it)
force=
if $EREP report --help | grep -q -- --force; then
  force=--force
  $EREP report "$TMP/ctl.c" "$TMP/ctl.aa.txt" -o "$TMP/refused.json" > "$TMP/refused.out" 2>&1
  clean "report refusing the automaton" "$TMP/refused.out"
fi
$EREP report $force "$TMP/ctl.c" "$TMP/ctl.aa.txt" -o "$TMP/ctl.json" > "$TMP/rep.out" 2>&1 || fail "report"
clean "report summary" "$TMP/rep.out"
grep 'near-miss: catch-all of state A6 ' "$TMP/rep.out" | grep -qF '"puts("\e]0;owned\a\e[2J' \
  && ok "report: near-miss shown escaped" || fail "report summary: $(cat -v "$TMP/rep.out")"
clean_json "report JSON" "$TMP/ctl.json"
msg=$(jq -r '.warnings[] | select(.kind == "near-miss") | .message' "$TMP/ctl.json")
case $msg in
  *'catch-all of state A6 '*'"puts("'"$ESC]0;owned"*'\xe4\xff'*) ok "report JSON: near-miss message kept, invalid bytes as \\xNN" ;;
  *) fail "report JSON: near-miss message is '$(printf %s "$msg" | cat -v)'" ;;
esac
[ "$(jq '[.components.safe.traces[].steps[] | select(has("text") | not)] | length' "$TMP/ctl.json")" = 0 ] \
  && ok "report JSON: every step has its text" || fail "report JSON: steps without text"
$EREP match "$TMP/ctl.c" "$TMP/ctl.aa.txt" > "$TMP/match.out" 2>&1 || fail "match"
clean "match" "$TMP/match.out"
$EREP match --json "$TMP/ctl.c" "$TMP/ctl.aa.txt" > "$TMP/match.json" 2>&1 || fail "match --json"
clean_json "match --json" "$TMP/match.json"
[ "$(jq '[.warnings[] | select(.message)] | length' "$TMP/match.json")" = 1 ] &&
  [ "$(jq -r '.unmatched[0].text' "$TMP/match.json" | grep -c 'xe4')" = 1 ] \
  && ok "match --json: message and text kept" || fail "match --json: $(jq -c '.warnings, .unmatched' "$TMP/match.json")"

# --- erep diff: the same edge now ends on the frontier (where erep has it) ---
if $EREP diff --help > /dev/null 2>&1; then
  sed '/^STATE USEFIRST A6 :/,/^$/ s/GOTO __TRUE/GOTO __FALSE/' "$TMP/ctl.aa.txt" > "$TMP/ctl2.aa.txt"
  $EREP report $force "$TMP/ctl.c" "$TMP/ctl2.aa.txt" -o "$TMP/ctl2.json" > /dev/null 2>&1 || fail "report 2"
  $EREP diff "$TMP/ctl.json" "$TMP/ctl2.json" > "$TMP/diff.out" 2>&1
  clean "diff" "$TMP/diff.out"
  grep -qF '"puts(\"\e]0;owned\a\e[2J' "$TMP/diff.out" && ok "diff: the end text escaped" \
    || fail "diff: $(cat -v "$TMP/diff.out")"
  $EREP diff --json "$TMP/ctl.json" "$TMP/ctl2.json" > "$TMP/diff.json" 2>&1
  clean_json "diff --json" "$TMP/diff.json"
  [ "$(jq '[.new_frontier[] | select(.text and .function)] | length' "$TMP/diff.json")" = 1 ] \
    && ok "diff --json: text kept" || fail "diff --json: $(cat "$TMP/diff.json")"
fi

# --- erep tests on the report, and on a report whose fields carry them ---
$EREP tests "$TMP/ctl.json" -o "$TMP/suite" --component both > "$TMP/tests.out" 2>&1 || fail "tests on the report"
clean "tests" "$TMP/tests.out"
# the instrumented copy of the program keeps the program's bytes (it must
# behave the same); every other file is text erep wrote
for f in "$TMP"/suite/*; do
  case $f in *.erep.c) continue ;; esac
  clean "tests: $(basename "$f")" "$f"
done
J='\u001b]0;owned\u0007\u001b[2J\u009b\u202e'
# the first trace with an input, one field at a time made to carry them
T=$(jq -r '[paths(objects and has("inputs") and (.inputs | length > 0))] | map(map(tostring) | join("|")) | .[0]' "$TMP/ctl.json")
P=$(printf '%s' "$T" | awk -F'|' '{ for (i = 1; i <= NF; i++) printf (($i ~ /^[0-9]+$/) ? "[%s]" : ".%s"), $i }')
n=0
# (jq's string literals read the \u escapes)
for edit in ".program.path = \"p$J.c\"" "$P.id = \"F$J\"" "$P.inputs[0].function = \"f$J\"" \
  "$P.inputs[0].value = \"5$J\"" "$P.inputs[0].function = \"uninitialised:x$J\"" \
  "$P.inputs[0].type = \"int$J\""; do
  n=$((n + 1))
  jq "$edit" "$TMP/ctl.json" > "$TMP/t$n.json" || { fail "tests $n: jq $edit"; continue; }
  $EREP tests "$TMP/t$n.json" -o "$TMP/o$n" --component both > "$TMP/t$n.out" 2>&1
  grep -qF '\e]0;owned\a\e[2J\u009b\u202e' "$TMP/t$n.out" || fail "tests $n: the field is not quoted: $(cat -v "$TMP/t$n.out")"
  clean "tests on a report with control characters in a field ($n)" "$TMP/t$n.out"
  [ -d "$TMP/o$n" ] && for f in "$TMP/o$n"/*; do
    case $f in *.erep.c) continue ;; esac
    clean "tests $n: $(basename "$f")" "$f"
  done
done
finish
