#!/bin/bash
# Before/after check for changes to the verifier: `erep verify` of every
# corpus task (the folders of bench/verify.sh) by two binaries, with each
# analysis of ANALYSES under a state limit instead of a time limit, so that
# both runs are deterministic: the verdict line, the abstract states, the
# final ARG, the refinements and the predicates must agree. A run that
# takes longer than CAP seconds (wall clock, either binary) is left out
# and counted, not compared.
# usage: bench/verify_compare.sh OLD_EREP NEW_EREP  (env: STATES=20000,
#        CAP=60, ANALYSES="predicate explicit", FAMILIES as bench/verify.sh)
OLD=$1; NEW=$2
[ -x "$OLD" ] && [ -x "$NEW" ] || { echo "usage: $0 OLD_EREP NEW_EREP" >&2; exit 2; }
HERE=$(cd "$(dirname "$0")" && pwd)
C=${EREP_CORPUS:-$HERE/../../shared/corpus}
[ -f "$C/INDEX.md" ] || { echo "corpus not found"; exit 0; }
STATES=${STATES:-20000}; CAP=${CAP:-60}
ANALYSES=${ANALYSES:-predicate explicit}
FAMILIES=${FAMILIES:-cmc2011/locks cmc2011/ntdrivers-simplified cmc2011/ssh-simplified cmc2011/systemc locks loops ntdrivers-simplified ssh-simplified systemc}
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
# the figures that must agree (the first line, and the statistics' counts)
fig() {
  sed -n '1p; s/^  \(abstract states\|refinements\|predicates\|analysis\): *//p' "$1" |
    sed 's/([0-9.]* s)//'
}
same=0; diff=0; capped=0
for an in $ANALYSES; do
  for f in $FAMILIES; do
    for p in "$C/$f"/*.c; do
      [ -f "$p" ] || continue
      ok=1
      for w in OLD NEW; do
        timeout "$CAP" "${!w}" verify "$p" --analysis "$an" --state-limit "$STATES" \
          > "$T/$w.txt" 2> /dev/null
        [ $? = 124 ] && ok=0
      done
      if [ $ok = 0 ]; then capped=$((capped + 1)); continue; fi
      if cmp -s <(fig "$T/OLD.txt") <(fig "$T/NEW.txt"); then same=$((same + 1))
      else
        diff=$((diff + 1))
        echo "DIFFERENT ($an): $f/$(basename "$p")"
        diff <(fig "$T/OLD.txt") <(fig "$T/NEW.txt") | head -6
      fi
    done
  done
done
echo "verify runs: $same identical, $diff different, $capped over ${CAP} s (analyses: $ANALYSES, state limit $STATES)"
exit $((diff > 0))
