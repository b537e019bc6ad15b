#!/bin/bash
# erep html on the drivers64 report (issue #26): the page's size and the
# time erep takes to write it; the time headless Chromium takes to load it
# (its --dump-dom returns once the page's script has run), beside an empty
# page's; then a screenshot of it in a 1600x1000 window, and the checks
# that the loaded page shows the source (a line element per program line),
# a trace (its steps' rows) and that trace's picture (an inline SVG in the
# steps pane), for the first trace and for one named in the address (#ID).
# The screenshot is left in OUT (default /tmp/erep-html-bench) to look at.
# usage: bench/html.sh [path/to/erep] [corpus]   (env: OUT, CHROMIUM)
EREP=${1:-./erep}
C=${2:-$(dirname "$0")/../../shared/corpus}
OUT=${OUT:-/tmp/erep-html-bench}
CHROMIUM=${CHROMIUM:-chromium}
[ -f "$C/INDEX.md" ] || { echo "skipped: corpus not found"; exit 0; }
command -v "$CHROMIUM" > /dev/null || { echo "skipped: $CHROMIUM not found (apt-get install chromium)"; exit 0; }
mkdir -p "$OUT"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
K=$C/aa/fse12-drivers64
P=$K/copy_keyspan_remote.BUG.c
"$EREP" report "$P" "$P.explicit.assumption_automaton" -o "$T/d.json" > /dev/null 2>&1 ||
  { echo "erep report failed"; exit 1; }
s=$(date +%s.%N)
"$EREP" html "$T/d.json" -o "$OUT/drivers64.html" > /dev/null 2>&1 || { echo "erep html failed"; exit 1; }
e=$(date +%s.%N)
size=$(wc -c < "$OUT/drivers64.html")
printf 'erep html: %.1f MB in %.2f s (%d traces)\n' "$(echo "$size / 1048576" | bc -l)" \
  "$(echo "$e - $s" | bc)" "$(jq '[.components[].traces[], .unknown[], .undefined[]] | length' "$T/d.json")"
chrome() { # URL OUT: the DOM after the page's script ran; sets $secs
  local s e
  s=$(date +%s.%N)
  timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --dump-dom "$1" > "$2" 2> "$T/chrome.err"
  e=$(date +%s.%N)
  secs=$(echo "$e - $s" | bc)
}
printf '<!DOCTYPE html><html><head><title>empty</title></head><body></body></html>\n' > "$T/empty.html"
chrome "file://$T/empty.html" "$T/empty.dom"; base=$secs
bad=0
for frag in "" "#F1" "#UB7"; do
  chrome "file://$OUT/drivers64.html$frag" "$T/page.dom"
  lines=$(grep -o 'class="line[^"]*"' "$T/page.dom" | wc -l)
  rows=$(grep -o '<tr class="step' "$T/page.dom" | wc -l)
  # the picture: an svg cloned into the steps pane (above its table)
  pic=$(sed -n '/<div id="steps">/,/<div id="src">/p' "$T/page.dom" | grep -c '<svg')
  open=$(grep -o 'class="note">[A-Z]*[0-9]*: [a-z]* trace' "$T/page.dom" | head -1 | sed 's/.*">//')
  want=${frag#\#}
  printf 'chromium%s: loaded in %.2f s (an empty page: %.2f s); source lines %d, open trace "%s" with %d step rows, picture %s\n' \
    "${frag:+ $frag}" "$secs" "$base" "$lines" "$open" "$rows" "$([ "$pic" -gt 0 ] && echo shown || echo none)"
  [ "$lines" -ge 5000 ] && [ "$rows" -gt 0 ] || bad=1
  [ -z "$want" ] || case $open in "$want:"*) ;; *) echo "  the address named $want, the page opened '$open'"; bad=1 ;; esac
  # a trace of more steps than the page draws has no picture, and says so
  [ "$pic" -gt 0 ] || grep -q 'no picture here' "$T/page.dom" || bad=1
done
"$CHROMIUM" --headless --no-sandbox --disable-gpu --window-size=1600,1000 \
  --screenshot="$OUT/drivers64.png" "file://$OUT/drivers64.html#F1" > /dev/null 2>&1
# not blank: the screenshot's rows differ (PNG decoded with zlib alone)
python3 - "$OUT/drivers64.png" <<'PY' || bad=1
import struct, sys, zlib
d = open(sys.argv[1], "rb").read()
assert d[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
at, idat, w, h = 8, b"", 0, 0
while at < len(d):
    n, kind = struct.unpack(">I4s", d[at:at + 8])
    body = d[at + 8:at + 8 + n]
    if kind == b"IHDR": w, h = struct.unpack(">II", body[:8])
    if kind == b"IDAT": idat += body
    at += 12 + n
raw = zlib.decompress(idat)
stride = len(raw) // h
rows = {raw[i * stride + 1:(i + 1) * stride] for i in range(h)}
print("screenshot: %dx%d, %d distinct rows of %d (%s)" % (w, h, len(rows), h, sys.argv[1]))
sys.exit(0 if len(rows) > h // 4 else 1)
PY
[ "$bad" = 0 ] && echo "html: source, trace and picture shown" || { echo "html: FAILED"; exit 1; }
