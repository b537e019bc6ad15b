#!/bin/sh
# erep report honours ASSUME {psi} (program/psi.h): a trace follows a
# transition only where its psi holds after the matched edge, and ends on
# the frontier at that edge where no taken transition's psi holds. Both
# analyses, large and single blocks, the USEFIRST form (ASSUME + catch-all)
# and the USEALL form (complementary ASSUMEs to ARGn and __FALSE); the
# traces replay; a bad ASSUME is exit 2 with its automaton line and no
# report.
. "$(dirname "$0")/lib.sh"
D=${EREP_SRCDIR:-.}/tests/data/assume
# check REPORT COMPONENT LINE LO HI: every trace of COMPONENT ends at LINE
# and has one input in [LO, HI]; at least one trace
check() {
  python3 - "$@" <<'PY'
import json, sys
path, comp, line, lo, hi = sys.argv[1:]
c = json.load(open(path))["components"][comp]
bad = [t["id"] for t in c["traces"]
       if t["end"]["line"] != int(line) or len(t["inputs"]) != 1
       or not int(lo) <= int(t["inputs"][0]["value"]) <= int(hi)]
if not c["traces"] or bad or not c["full"]:
    print("%s %s: traces %s, not as wanted: %s, full %s"
          % (path, comp, [t["id"] for t in c["traces"]], bad, c["full"]))
    sys.exit(1)
PY
}
MAX=2147483647 MIN=-2147483648
for aa in usefirst useall; do
  for an in explicit predicate; do
    for b in "" --sbe; do
      n="$aa $an $b"
      $EREP report "$D/input.c" "$D/$aa.aa.txt" --analysis $an $b -o "$TMP/r.json" >/dev/null ||
        { fail "$n: report"; continue; }
      # x = input() on line 7 under ASSUME {x > 3}
      check "$TMP/r.json" frontier 7 $MIN 3 && ok "$n: frontier at the ASSUME's edge, x <= 3" ||
        fail "$n: frontier"
      check "$TMP/r.json" safe 8 4 $MAX && ok "$n: safe cones past it, x > 3" || fail "$n: safe"
      [ "$an $b" = "predicate " ] || continue
      sh "$(dirname "$0")/replay.sh" "$D/input.c" "$TMP/r.json" > "$TMP/replay.txt" 2>&1 &&
        ok "$n: traces replay" || { fail "$n: replay"; cat "$TMP/replay.txt"; }
    done
  done
done
# ASSUME {x < 10} into __TRUE on [x > 5]: safe where it holds, frontier
# where it does not
for an in explicit predicate; do
  $EREP report "$D/input.c" "$D/true.aa.txt" --analysis $an -o "$TMP/t.json" >/dev/null || fail "true $an: report"
  check "$TMP/t.json" safe 8 6 9 && check "$TMP/t.json" frontier 8 10 $MAX &&
    ok "true $an: safe where psi holds, frontier where not" || fail "true $an"
done
# a conjunction in CPAchecker's block form inside a loop: i < 5 fails when
# the fifth iteration ends (n >= 5); the safe cones leave the loop before
for an in explicit predicate; do
  for b in "" --sbe; do
    $EREP report "$D/loop.c" "$D/loop.aa.txt" --analysis $an $b --time-limit 20 -o "$TMP/l.json" >/dev/null ||
      { fail "loop $an $b: report"; continue; }
    check "$TMP/l.json" frontier 9 5 $MAX && check "$TMP/l.json" safe 11 $MIN 4 &&
      ok "loop $an $b: frontier at the fifth iteration" || fail "loop $an $b"
  done
done
# bad ASSUMEs: exit 2, AUTOMATON:LINE: ASSUME {...}: what is wrong, no report
bad() { # bad NAME CONTENT EXPECTED-MESSAGE-PART
  sed "s/ASSUME {x > 3}/ASSUME {$2}/" "$D/usefirst.aa.txt" > "$TMP/bad.aa.txt"
  rm -f "$TMP/bad.json"
  $EREP report "$D/input.c" "$TMP/bad.aa.txt" -o "$TMP/bad.json" > "$TMP/out" 2> "$TMP/err"
  rc=$?
  [ $rc = 2 ] && [ ! -e "$TMP/bad.json" ] && grep -qF "bad.aa.txt:12: ASSUME {$2}: $3" "$TMP/err" &&
    ok "bad $1: exit 2 with its line" ||
    { fail "bad $1: exit $rc"; cat "$TMP/err"; }
}
bad syntax 'x >' 'does not parse'
bad scope 'y > 3' 'names `y`, which is not in scope in function main, at the edges its trigger matches'
bad operands '$1 > 3' 'refers to the matched statement'"'"'s operands'
bad effect 'x = 3' 'is not a side-effect-free condition'
finish
