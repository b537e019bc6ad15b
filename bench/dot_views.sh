#!/bin/sh
# Pictures of the corpus (issue #26): for every corpus pair, its report
# (erep report) and then every view erep dot offers: aa, cfa, cfa of each
# function the traces pass (up to FNS), each trace (up to TRACES; folded,
# and over the CFA of the functions it passes) and aa
# --around the first trace, as SVG. Each view either renders a picture
# within 5 s or refuses (exit 2, with a way in) within 1 s of its own work:
# the seconds printed are the command's, less the time to read the report
# (`erep dot` of an unknown view, which reads it and refuses at once).
# usage: bench/dot_views.sh  (env: EREP, EREP_CORPUS, TRACES=3, FNS=3)
# Exit status 1 when a view breaks the rule.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
bench_setup
TRACES=${TRACES:-3}; FNS=${FNS:-3}
bad=0; n=0; drawn=0; refused=0
secs() { echo "$(date +%s.%N) - $1" | bc; }
echo "$CORPUS_PAIRS" | while read -r prog aa; do
  [ -n "$prog" ] || continue
  name=$(basename "$aa")
  rm -f "$T/r.json"
  "$EREP" report "$C/aa/$prog" "$C/aa/$aa" -o "$T/r.json" > /dev/null 2>&1 ||
    { echo "$name: no report"; continue; }
  s=$(date +%s.%N)
  "$EREP" dot "$T/r.json" --view nosuch -o "$T/x.svg" > /dev/null 2>&1
  base=$(secs "$s")
  views="aa cfa"
  for f in $(jq -r '[.components[].traces[].steps[].function | select(. != null)] | unique | .[]' "$T/r.json" | head -"$FNS"); do
    views="$views cfa:$f"
  done
  for t in $(jq -r '[.components[].traces[].id] | .[]' "$T/r.json" | head -"$TRACES"); do
    views="$views trace:$t trace-cfa:$t"
  done
  first=$(jq -r '[.components[].traces[].id] | .[0] // empty' "$T/r.json")
  for v in $views ${first:+around:$first}; do
    case $v in
      around:*) set -- --view aa --around "${v#around:}" --depth 1 ;;
      *) set -- --view "$v" ;;
    esac
    rm -f "$T/x.svg"
    s=$(date +%s.%N)
    timeout 60 "$EREP" dot "$T/r.json" "$@" -T svg -o "$T/x.svg" > "$T/out" 2>&1
    rc=$?
    t=$(secs "$s"); own=$(echo "$t - $base" | bc)
    if [ $rc = 0 ]; then
      what="drawn ($(grep -c 'class="node"' "$T/x.svg") nodes)"
      ok=$(echo "$own <= 5" | bc)
    elif [ $rc = 2 ]; then
      what="refused: $(cut -c1-70 "$T/out" | head -1)"
      ok=$(echo "$own <= 1" | bc)
    else
      what="exit $rc"; ok=0
    fi
    [ "$ok" = 1 ] || { what="$what  <-- BREAKS THE RULE"; bad=1; }
    printf '%-58s %-22s %5.2f s  %s\n' "$name" "$v" "$own" "$what"
  done
done
echo "(seconds: each view's own, the report's reading (an unknown view) subtracted)"
exit $bad
