# Conditional model checking on corpus tasks (bench/cmc.sh does all of
# them): on BUG tasks, a run cut by --path-length at half the
# counterexample never calls the error line verified, its automaton
# matches the program 100 %, and a run with it as --condition finds the
# bug, which replays; on tasks a short run does not decide, the automaton
# round-trips: matched 100 %, `erep report` on it full in both components
# with every trace replaying, and --report's report from the same run.
# Skips without the corpus.
. "$(dirname "$0")/lib.sh"
need_corpus
D=${EREP_SRCDIR:-.}
C=$EREP_CORPUS
replay=true
command -v gcc >/dev/null && command -v gcov >/dev/null || replay=false
matched() {
  $EREP match "$1" "$2" > "$TMP/m.out" 2>&1 && grep -q 'matched: [0-9]* (100.00%)' "$TMP/m.out"
}
for t in ssh-simplified/s3_clnt_1_BUG systemc/kundu1_BUG systemc/toy1_BUG ntdrivers-simplified/kbfiltr_simpl2_BUG; do
  p=$C/cmc2011/$t.cil.c
  [ -f "$p" ] || continue
  b=$(basename "$t")
  rm -rf "$TMP/s0" "$TMP/s1" "$TMP/s2"
  $EREP verify "$p" --analysis explicit --time-limit 60 -o "$TMP/s0" > "$TMP/s0.out" 2>&1
  steps=$(sed -n 's/^FALSE: .* (\([0-9]*\) steps.*/\1/p' "$TMP/s0.out")
  line=$(sed -n 's/^FALSE: the error location at line \([0-9]*\) .*/\1/p' "$TMP/s0.out")
  [ -n "$steps" ] || { fail "$b: no counterexample ($(head -1 "$TMP/s0.out"))"; continue; }
  half=$((steps / 2))
  $EREP verify "$p" --analysis explicit --path-length $half -o "$TMP/s1" --report > "$TMP/s1.out" 2>&1
  grep -q '^UNKNOWN: the conditions cut' "$TMP/s1.out" && ok "$b: cut at $half of $steps steps: UNKNOWN" ||
    fail "$b cut: $(head -1 "$TMP/s1.out")"
  $EREP report "$p" "$TMP/s1/automaton.txt" -o "$TMP/r1.json" > /dev/null 2>&1
  for r in "$TMP/s1/report.json" "$TMP/r1.json"; do
    jq -e --argjson l "$line" '[.coverage.lines[] | select(.line == $l) | .verified] | all(. == false)' \
      "$r" > /dev/null && ok "$b: error line $line not verified ($(basename "$r"))" ||
      fail "$b: error line $line verified in $r"
  done
  matched "$p" "$TMP/s1/automaton.txt" && ok "$b: erep match 100 %" || { fail "$b: match"; cat "$TMP/m.out"; }
  $EREP verify "$p" --condition "$TMP/s1/automaton.txt" --time-limit 60 -o "$TMP/s2" > "$TMP/s2.out" 2>&1
  grep -q '^FALSE' "$TMP/s2.out" && ok "$b: --condition finds the bug" || { fail "$b: --condition: $(head -1 "$TMP/s2.out")"; continue; }
  if $replay; then
    EREP=$EREP sh "$D/tests/replay.sh" "$p" "$TMP/s2/counterexample.json" > "$TMP/replay.out" 2>&1 &&
      ok "$b: it replays" || { fail "$b: replay"; tail -3 "$TMP/replay.out"; }
  fi
done
# round trip: a short run that does not decide
for t in ssh-simplified/s3_clnt_1 systemc/token_ring.04 locks/test_locks_15; do
  p=$C/cmc2011/$t.cil.c
  [ -f "$p" ] || p=$C/cmc2011/$t.c
  [ -f "$p" ] || continue
  b=$(basename "$t")
  rm -rf "$TMP/rt"
  $EREP verify "$p" --state-limit 3000 -o "$TMP/rt" --report > "$TMP/rt.out" 2>&1
  v=$(head -1 "$TMP/rt.out" | cut -d: -f1)
  case $v in TRUE|FALSE) ok "$b: $v (nothing to round-trip)"; continue ;; esac
  matched "$p" "$TMP/rt/automaton.txt" && ok "$b: erep match 100 %" || { fail "$b: match"; cat "$TMP/m.out"; }
  rm -f "$TMP/r.json"
  $EREP report "$p" "$TMP/rt/automaton.txt" -o "$TMP/r.json" > /dev/null 2>&1 &&
    jq -e '.components.safe.full and .components.frontier.full' "$TMP/r.json" > /dev/null &&
    ok "$b: erep report on it: full in both components" || fail "$b: report $(jq -c '[.components.safe.stopped_by, .components.frontier.stopped_by]' "$TMP/r.json")"
  if $replay && [ "$(jq '[.components[].traces[]] | length' "$TMP/r.json")" -gt 0 ]; then
    EREP=$EREP sh "$D/tests/replay.sh" "$p" "$TMP/r.json" > "$TMP/replay.out" 2>&1 &&
      ok "$b: $(tail -1 "$TMP/replay.out")" || { fail "$b: replay"; tail -3 "$TMP/replay.out"; }
    EREP=$EREP sh "$D/tests/replay.sh" "$p" "$TMP/rt/report.json" > "$TMP/replay.out" 2>&1 &&
      ok "$b: --report's traces: $(tail -1 "$TMP/replay.out")" || { fail "$b: --report replay"; tail -3 "$TMP/replay.out"; }
  fi
  # what --report found is what erep report finds, where it is full
  python3 - "$TMP/rt/report.json" "$TMP/r.json" <<'PY' && ok "$b: --report agrees with erep report" || fail "$b: --report disagrees"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
for k in ("safe", "frontier"):
    ca, cb = a["components"][k], b["components"][k]
    ea = {t["end"]["node"] for t in ca["traces"]}
    eb = {t["end"]["node"] for t in cb["traces"]}
    assert ea <= eb, (k, ea - eb)          # never a trace erep report would not find
    if ca["full"]:
        assert ea == eb, (k, eb - ea)       # full: the same end locations
PY
done
finish
