#!/bin/bash
# Before/after check for changes to the core: every report that bench/ and
# the tests make (the samples, the corpus automata with their programs, and
# every cmc2011 program with the depth:8 automaton of bench/replay.sh) is
# computed by two erep binaries; the reports must agree on S, F and
# unknown end locations and every trace's steps and inputs (fields a newer
# format adds, listed in IGNORE, and timings aside). Then the time of each
# corpus report, old and new alternately (median of RUNS), and the ratio.
# Each pair is reported once per analysis of ANALYSES; a pair that differs
# gets its shape (shape() below): what agrees and how many traces changed steps.
# usage: bench/compare.sh OLD_EREP NEW_EREP   (env: RUNS=3, STATES=300000,
#        IGNORE="key edge from to minor coverage",
#        ANALYSES="explicit predicate")
OLD=$1; NEW=$2
[ -x "$OLD" ] && [ -x "$NEW" ] || { echo "usage: $0 OLD_EREP NEW_EREP" >&2; exit 2; }
HERE=$(cd "$(dirname "$0")" && pwd); SRC=$HERE/..
C=${EREP_CORPUS:-$SRC/../shared/corpus}
RUNS=${RUNS:-3}; STATES=${STATES:-300000}; ANALYSES=${ANALYSES:-explicit predicate}
# memory_limit_mb: the limit that applied, a default of this machine's
# memory since issue #23 (null before)
export IGNORE=${IGNORE-key edge from to minor coverage match memory_limit_mb}
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
norm() { python3 - "$1" <<'PY'
import json, os, sys
ign = set(os.environ.get("IGNORE", "").split()) | {"wall_seconds", "first_trace_seconds"}
def strip(o):
    if isinstance(o, dict): return {k: strip(v) for k, v in o.items() if k not in ign}
    if isinstance(o, list): return [strip(x) for x in o]
    return o
d = strip(json.load(open(sys.argv[1])))
for w in d.get("warnings", []):  # near-miss wording changed once; the count must agree
    if w.get("kind") == "near-miss": w["message"] = "-"
print(json.dumps(d, indent=1, sort_keys=True))
PY
}
# shape OLD.json NEW.json: what a difference is made of, per component:
# whether fullness, stop reason, trace count, end nodes and statuses agree,
# and how many traces take other steps (inputs and values aside)
shape() { python3 - "$1" "$2" <<'PY'
import json, sys
def summ(p):
    try: d = json.load(open(p))
    except Exception: return None
    return {k: (c.get("full"), c.get("stopped_by"),
                sorted((t.get("status") or "", t["end"].get("node"),
                        tuple(s.get("edge") for s in t.get("steps", [])))
                       for t in c.get("traces", [])))
            for k, c in d["components"].items()}
a, b = summ(sys.argv[1]), summ(sys.argv[2])
if a is None or b is None: print("  shape: a report is missing"); sys.exit()
for k in sorted(set(a) | set(b)):
    fa, sa, ta = a.get(k, (None, None, [])); fb, sb, tb = b.get(k, (None, None, []))
    same = lambda f: sorted(map(f, ta)) == sorted(map(f, tb))
    other = len(set(x for x in tb) - set(x for x in ta))
    print(f"  shape {k}: full {fa}/{fb}, stopped_by {sa}/{sb}, traces {len(ta)}/{len(tb)}, "
          f"ends {'same' if same(lambda x: x[1]) else 'DIFFER'}, "
          f"statuses {'same' if same(lambda x: x[0]) else 'DIFFER'}, {other} with other steps")
PY
}
. "$HERE/lib.sh"
pairs=()
for s in ifelse loop call infeasible; do pairs+=("$SRC/samples/$s.c" "$SRC/samples/$s.aa.txt"); done
if [ -f "$C/INDEX.md" ]; then
  while read -r prog aa; do pairs+=("$C/aa/$prog" "$C/aa/$aa"); done <<< "$CORPUS_PAIRS"
  depth_aa 8 "$T/depth8.aa"
  for p in "$C"/cmc2011/*/*.c; do pairs+=("$p" "$T/depth8.aa"); done
else
  echo "corpus not found: samples only"
fi
same=0; diff=0
for an in $ANALYSES; do
for ((i = 0; i < ${#pairs[@]}; i += 2)); do
  P=${pairs[i]}; AA=${pairs[i+1]}
  for w in OLD NEW; do
    rm -f "$T/$w.json"
    "${!w}" report "$P" "$AA" --analysis "$an" --state-limit "$STATES" -o "$T/$w.json" > /dev/null 2>&1
    norm "$T/$w.json" > "$T/$w.n" 2>/dev/null || echo "no report" > "$T/$w.n"
  done
  if cmp -s "$T/OLD.n" "$T/NEW.n"; then same=$((same + 1))
  else diff=$((diff + 1)); echo "DIFFERENT ($an): $(basename "$P") $(basename "$AA")"; diff "$T/OLD.n" "$T/NEW.n" | head -6
    shape "$T/OLD.json" "$T/NEW.json"; fi
done
done
echo "reports: $same identical, $diff different (of $(( ${#pairs[@]} / 2 )) pairs, analyses: $ANALYSES)"
[ -f "$C/INDEX.md" ] || exit $((diff > 0))
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
printf '%-58s %9s %9s %7s\n' report old-s new-s new/old
tot_o=0; tot_n=0
# the first five corpus pairs: the fse12 automata and the loops example
while read -r p1 p2; do
  set -- "$p1" "$p2"
  : > "$T/to"; : > "$T/tn"
  for r in $(seq "$RUNS"); do
    for w in OLD NEW; do
      s=$(date +%s%N); "${!w}" report "$C/aa/$1" "$C/aa/$2" -o "$T/x.json" > /dev/null 2>&1; e=$(date +%s%N)
      echo $(( (e - s) / 1000 )) >> "$T/t$(echo $w | cut -c1 | tr A-Z a-z)"
    done
  done
  o=$(median < "$T/to"); n=$(median < "$T/tn")
  tot_o=$((tot_o + o)); tot_n=$((tot_n + n))
  printf '%-58s %9.3f %9.3f %6.2fx\n' "$(basename "$2")" "$(echo "$o/1000000" | bc -l)" "$(echo "$n/1000000" | bc -l)" "$(echo "$n/$o" | bc -l)"
done <<< "$(echo "$CORPUS_PAIRS" | head -5)"
printf '%-58s %9.3f %9.3f %6.2fx\n' total "$(echo "$tot_o/1000000" | bc -l)" "$(echo "$tot_n/1000000" | bc -l)" "$(echo "$tot_n/$tot_o" | bc -l)"
exit $((diff > 0))
