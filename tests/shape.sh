# The shape of the sources: no .c or .h over 2000 lines, no function body
# over 150 lines (doc/layers.md: small functions, files one can read).
# A function is a definition at file level whose `{` follows a `)` (no `=`
# in between, so no initialiser); its body runs to the matching `}`.
# Comments, strings and character literals are blanked before the braces
# are counted; preprocessor lines are skipped.
. "$(dirname "$0")/lib.sh"
cd "$EREP_SRCDIR" || exit 99
MAX_FILE=2000
MAX_BODY=150
# functions in files other work is still reshaping (this list only shrinks)
KNOWN=""
# erep's tracked sources (not the C programs under tests/data/ and samples/,
# which are inputs); in a distribution tree (no git, or a tree inside
# another checkout, as make distcheck's) the same folders
files=
[ "$(git rev-parse --show-toplevel 2>/dev/null)" = "$(pwd -P)" ] &&
  files=$(git ls-files '*.c' '*.h' | grep -v '^tests/data/\|^samples/')
[ -n "$files" ] ||
  files=$(ls ./*.[ch] lib/*.[ch] formats/*.[ch] program/*.[ch] smt/*.[ch] \
    analysis/*.[ch] report/*.[ch] tui/*.[ch] tests/*.[ch] bench/*.[ch] \
    2>/dev/null | sed 's|^\./||')
[ -n "$files" ] || { echo "no sources found in $EREP_SRCDIR"; exit 99; }
n=0
for f in $files; do
  [ -f "$f" ] || continue
  [ "$f" = config.h ] && continue
  n=$((n + 1))
  lines=$(wc -l <"$f")
  [ "$lines" -le "$MAX_FILE" ] || fail "$f: $lines lines (at most $MAX_FILE)"
done
[ "$n" -gt 100 ] || fail "only $n sources seen: is EREP_SRCDIR the source tree?"
known() {
  for k in $KNOWN; do [ "$1" = "$k" ] && return 0; done
  return 1
}
# FILE:LINE NAME LENGTH for every function body over MAX_BODY lines
long=$(awk -v max="$MAX_BODY" '
  FNR == 1 { depth = 0; incom = 0; macro = 0; head = ""; hline = 0 }
  {
    line = $0
    if (macro) { macro = (line ~ /\\$/); next }
    if (!incom && line ~ /^[ \t]*#/) { macro = (line ~ /\\$/); next }
    s = ""; i = 1; L = length(line)
    while (i <= L) {            # blank comments, strings and characters
      c = substr(line, i, 1); d = substr(line, i, 2)
      if (incom) { if (d == "*/") { incom = 0; i += 2 } else i++; continue }
      if (d == "/*") { incom = 1; i += 2; continue }
      if (d == "//") break
      if (c == "\"" || c == "\047") {
        q = c; i++
        while (i <= L && substr(line, i, 1) != q)
          i += (substr(line, i, 1) == "\\") ? 2 : 1
        i++; s = s q q; continue
      }
      s = s c; i++
    }
    for (i = 1; i <= length(s); i++) {
      c = substr(s, i, 1)
      if (depth == 0) {
        if (c == ";" || c == "}") { head = ""; hline = 0; continue }
        if (c == "{") {
          depth = 1
          fn = (head ~ /\)[^=]*$/ && head !~ /=/)
          if (fn) { start = FNR; name = head; sub(/\(.*/, "", name)
                    n = split(name, w, /[ \t*]+/); name = w[n]; at = hline }
          continue
        }
        if (c !~ /[ \t]/ && hline == 0) hline = FNR
        head = head c
        continue
      }
      if (c == "{") depth++
      else if (c == "}" && --depth == 0) {
        if (fn && FNR - start - 1 > max)
          printf "%s:%d %s %d\n", FILENAME, at, name, FNR - start - 1
        fn = 0; head = ""; hline = 0
      }
    }
    if (depth == 0) head = head " "
  }' $files)
nl=0
while read -r where name len; do
  [ -n "$where" ] || continue
  nl=$((nl + 1))
  f=${where%%:*}
  if known "$f:$name"; then
    echo "known: $where $name: $len lines"
  else
    fail "$where: $name: body of $len lines (at most $MAX_BODY)"
  fi
done <<EOF
$long
EOF
echo "checked $n files; $nl function(s) over $MAX_BODY lines"
finish
