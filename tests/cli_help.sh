#!/bin/sh
# --help of erep and of every command fits 80 columns; each command's -v and
# -o rows say what they do for that command (tests: -o DIR); the man page
# (erep --man, installed as erep.1) holds every option of every command's
# --help, in that command's section, and groff renders it without warnings;
# the options' defaults (from the table) end their texts in both.
. "$(dirname "$0")/lib.sh"
cmds=$($EREP --help | sed -n '/^commands:/,/^$/s/^  \([a-z][a-z]*\) .*/\1/p')
[ -n "$cmds" ] && ok "commands: $(echo $cmds)" || fail "no commands in erep --help"
wide() { # NAME: lines of $TMP/help longer than 80 columns
  awk -v n="$1" 'length($0) > 80 { print "FAIL: " n ": " length($0) " columns: " $0; bad = 1 }
    END { exit bad }' "$TMP/help"
}
$EREP --help > "$TMP/help"
wide "erep --help" && ok "erep --help fits 80 columns" || fails=$((fails + 1))
for c in $cmds; do
  $EREP "$c" --help > "$TMP/help" || fail "erep $c --help: exit $?"
  wide "erep $c --help" && ok "erep $c --help fits 80 columns" || fails=$((fails + 1))
  cp "$TMP/help" "$TMP/help.$c"
  # -v's row speaks of this command only (no "cfa: ...; report: ..." list)
  v=$(sed -n '/^  -v, --verbose/,/^  -/p' "$TMP/help" | sed '$d')
  case $v in
    *"cfa:"* | *"report:"*) fail "erep $c: -v lists other commands: $v" ;;
  esac
done
grep -q '^  -o, --output DIR ' "$TMP/help.tests" && ok "tests --help: -o, --output DIR" ||
  fail "tests --help: $(grep -e --output "$TMP/help.tests")"
grep -A1 '^  -v, --verbose' "$TMP/help.cfa" | grep -q edge && ok "cfa -v: every edge" || fail "cfa -v"
grep -A1 '^  -v, --verbose' "$TMP/help.verify" | grep -q stderr && ok "verify -v: stderr" || fail "verify -v"
grep -A1 '^  -o, --output' "$TMP/help.dot" | grep -q '\.pdf' && ok "dot -o: names the formats" || fail "dot -o"

# defaults come from the options table (options.h): each shown once, in
# --help and in the man page, at the end of the option's text
row() { # row CMD OPTION: the option's help row of CMD, joined
  awk -v o="$2" '/^  [ -]/ && ($1 == o || $2 == o) { on = 1; print; next }
    on && /^                              / { print; next } { on = 0 }' \
    "$TMP/help.$1" | tr -s ' \n' '  '
}
for want in "report --component (default both)" "report --order (default bfs)" \
  "report --traces-per-location (default 1)" "report --data-model (default ILP32)" \
  "report --analysis (default explicit)" "verify --analysis (default auto)" \
  "tests --component (default frontier)" "dot --view (default aa)"; do
  c=${want%% *}; rest=${want#* }; opt=${rest%% *}; d=${rest#* }
  r=$(row "$c" "$opt")
  case $r in
    *"$d ") ok "$c $opt: $d" ;;
    *) fail "$c $opt: no '$d' at the end of: $r" ;;
  esac
  [ "$(grep -o -F "$d" "$TMP/help.$c" | wc -l)" = 1 ] || fail "$c: '$d' not exactly once"
done
# the man page
$EREP --man > "$TMP/erep.1" || fail "erep --man: exit $?"
grep -q '^\.TH EREP 1' "$TMP/erep.1" && ok "erep --man: a man page" || fail "erep --man: no .TH"
if command -v groff >/dev/null 2>&1; then
  LC_ALL=C groff -man -Tascii -ww -z "$TMP/erep.1" > "$TMP/groff" 2>&1
  [ $? = 0 ] && [ ! -s "$TMP/groff" ] && ok "groff renders erep.1 without warnings" ||
    { fail "groff: $(cat "$TMP/groff")"; }
else
  echo "(groff not installed: rendering not checked)"
fi
# every option row of every command's --help is in that command's section
sed -e 's/\\f[BIR]//g' -e 's/\\-/-/g' -e 's/\\e/\\/g' "$TMP/erep.1" > "$TMP/man.txt"
for c in $cmds; do
  awk -v c="$c" '$0 == ".SS erep " c { on = 1; next } /^\.S[SH] / { on = 0 } on' \
    "$TMP/man.txt" > "$TMP/sec"
  [ -s "$TMP/sec" ] || { fail "man: no section for $c"; continue; }
  # option rows: "  -o, --output FILE   text" or "      --sbe   text"
  sed -n 's/^  \(-[a-zA-Z], \)\{0,1\} *\(--[a-z-]*\( [^ ][^ ]*\)\{0,1\}\).*/\1\2/p' \
    "$TMP/help.$c" | grep -v -e '--help' > "$TMP/opts"
  n=0
  while IFS= read -r opt; do
    n=$((n + 1))
    grep -qF -- "$opt" "$TMP/sec" || fail "man, erep $c: no '$opt'"
  done < "$TMP/opts"
  [ $n -gt 0 ] && ok "man, erep $c: its $n options" || fail "man, erep $c: no options read"
  [ "$(grep -c '(default [^:)]*)$' "$TMP/sec")" = "$(tr '\n' ' ' < "$TMP/help.$c" |
    tr -s ' ' | grep -o '(default [^:)]*)' | wc -l)" ] &&
    ok "man, erep $c: the defaults of --help" || fail "man, erep $c: not the defaults of --help"
done
# --analysis: the words and their help come from the analysis table
# (analysis/analyses.c), each command offering its own rows
$EREP report --help > "$TMP/r" 2>&1
$EREP verify --help > "$TMP/v" 2>&1
grep -q -- '--analysis explicit|predicate$' "$TMP/r" &&
  ok "report --analysis: explicit|predicate" || fail "report --analysis: not the table's words"
grep -q -- '--analysis explicit|predicate|auto$' "$TMP/v" &&
  ok "verify --analysis: explicit|predicate|auto" || fail "verify --analysis: not the table's words"
tr '\n' ' ' < "$TMP/v" | tr -s ' ' | grep -q 'auto (explicit, then predicate' &&
  ok "verify --analysis: each row's help" || fail "verify --analysis: no row help"
$EREP report --analysis auto "$EREP_SRCDIR/samples/loop.c" "$EREP_SRCDIR/samples/loop.aa.txt" \
  -o "$TMP/x.json" > /dev/null 2> "$TMP/e"
[ $? = 2 ] && grep -q "must be one of explicit|predicate, not 'auto'" "$TMP/e" &&
  ok "report refuses verify's auto" || fail "report --analysis auto: $(cat "$TMP/e")"
finish
