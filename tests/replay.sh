#!/bin/sh
# Replay a report's feasible traces as real runs and check them with gcov.
#
# usage: tests/replay.sh PROGRAM REPORT.json
#
# Runs `erep tests REPORT.json --component both`, compiles the instrumented program (the
# program with its uninitialised locals set from the harness) with
# `gcc --coverage -O0 -w -fwrapv` (signed overflow wraps, as erep's
# encoding assumes) and links it with harness.c. Then, for each
# feasible trace, runs the program with EREP_TEST=<trace-id> (under a
# timeout) and checks that every line of the trace's steps inside functions
# was executed. Lines gcov has no code for (a declaration without
# initialiser, a label, `else`) cannot be checked and are only counted.
# The run ends right after the trace's last input (the harness flushes the
# coverage data and exits when the program asks for one value more), at
# an abort (flushed too), or at the timeout (SIGTERM, flushed).
#
# Prints one line per trace, "F1: 12/12 lines executed",
# "F1: MISSING lines 7, 9 (10/12 executed)" or "F1: LEFT THE TRACE: ..."
# (the harness saw the run take another way: a call of another input
# function than the trace's next one, a failed __VERIFIER_assume, or the
# program ending with inputs unused), "F1: CANNOT BE FED: why" (a trace
# whose inputs the harness cannot give, see erep tests), and a summary
# line; traces not proved feasible are named but not counted.
# (DIR/run.sh, which erep tests writes, makes the same check and says it
# per test as whether the run reached the trace's end line.)
# Exit status: 0 every trace replays, 1 some do not, 2 usage or a step
# before the runs failed (erep tests, compiling, linking).
#
# Environment: EREP (the erep binary; default ./erep, else erep in PATH),
# CC (default gcc), GCOV (default gcov), EREP_REPLAY_TIMEOUT (seconds per
# run, default 10), EREP_REPLAY_KEEP=1 (keep the work directory and say
# where), EREP_REPLAY_VERBOSE=1 (the harness's reasons for ending a run).
#
# Data model: a report made for ILP32 is compiled with -m32 when that works
# here (Debian: gcc-multilib); otherwise natively (LP64), which is said once:
# int arithmetic is the same, long and pointers are wider. Under -m32 floats
# are computed with SSE (-msse2 -mfpmath=sse), rounded to their type at
# every operation as erep's encoding has them (FLT_EVAL_METHOD 0).
set -u
if [ $# -ne 2 ]; then
  echo "usage: $0 PROGRAM REPORT.json" >&2
  exit 2
fi
PROGRAM=$1
REPORT=$2
CC=${CC:-gcc}
GCOV=${GCOV:-gcov}
TIMEOUT=${EREP_REPLAY_TIMEOUT:-10}
if [ -z "${EREP:-}" ]; then
  if [ -x ./erep ]; then EREP=$PWD/erep; else EREP=erep; fi
fi
case $EREP in */*) EREP=$(cd "$(dirname "$EREP")" && pwd)/$(basename "$EREP") ;; esac
for tool in "$CC" "$GCOV" timeout; do
  command -v "$tool" >/dev/null 2>&1 || { echo "replay: $tool not found" >&2; exit 2; }
done
[ -r "$PROGRAM" ] || { echo "replay: $PROGRAM: cannot read" >&2; exit 2; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/erep-replay.XXXXXX") || exit 2
if [ -n "${EREP_REPLAY_KEEP:-}" ]; then
  echo "replay: work directory $WORK"
else
  trap 'rm -rf "$WORK"' EXIT
fi
trap 'exit 130' INT TERM

SUITE=$WORK/suite
BUILD=$WORK/build
mkdir "$BUILD" || exit 2
# erep tests finds the program by the path in the report, else next to
# the report: put copies of both side by side
mkdir "$WORK/in" || exit 2
cp "$REPORT" "$WORK/in/report.json" || exit 2
cp "$PROGRAM" "$WORK/in/$(basename "$PROGRAM")" || exit 2
if ! (cd "$WORK/in" && "$EREP" tests report.json -o "$SUITE" --component both) >"$WORK/tests.out" 2>"$WORK/tests.err"; then
  echo "replay: erep tests failed:" >&2
  cat "$WORK/tests.err" >&2
  exit 2
fi
grep 'warning' "$WORK/tests.err" | sed 's/^/replay: /' >&2

# the report must be about PROGRAM
want=$(sed -n 's:.*<programhash>\(.*\)</programhash>.*:\1:p' "$SUITE/metadata.xml")
if command -v sha256sum >/dev/null 2>&1 && [ -n "$want" ]; then
  have=$(sha256sum < "$PROGRAM" | cut -d' ' -f1)
  if [ "$have" != "$want" ]; then
    echo "replay: $PROGRAM is not the program of $REPORT (SHA-256 differs)" >&2
    exit 2
  fi
fi

# the program as compiled: the instrumented copy, or PROGRAM itself when
# erep tests did not find the program
SRC=
for f in "$SUITE"/*.erep.c; do [ -f "$f" ] && SRC=$f; done
if [ -z "$SRC" ]; then
  echo "replay: no instrumented copy (see above); compiling $PROGRAM itself" >&2
  SRC=$BUILD/program.c
  cp "$PROGRAM" "$SRC" || exit 2
fi

M=
arch=$(sed -n 's:.*<architecture>\(.*\)</architecture>.*:\1:p' "$SUITE/metadata.xml")
if [ "$arch" = 32bit ]; then
  printf 'int main(void) { return 0; }\n' > "$BUILD/m32.c"
  # it must link and run (a kernel without 32-bit support refuses it)
  if "$CC" -m32 "$BUILD/m32.c" -o "$BUILD/m32" >/dev/null 2>&1 &&
    "$BUILD/m32" 2>/dev/null; then
    # SSE arithmetic: each float operation rounds to its type, as the
    # encoding assumes (the x87 would keep excess precision)
    M="-m32 -msse2 -mfpmath=sse"
  else
    echo "note: the report is for ILP32 but '$CC -m32' does not link or run here (install gcc-multilib); compiling for the native data model"
  fi
fi

cd "$BUILD" || exit 2
# every read of a variable named __BLAST_NONDET... (BLAST's nondeterminism)
# is an input, as erep takes it
BLAST=
for n in $(grep -o '__BLAST_NONDET[A-Za-z0-9_]*' "$SRC" | sort -u); do
  BLAST="$BLAST -D$n=__VERIFIER_nondet_int()"
done
if ! "$CC" $M -O0 -w -fwrapv $BLAST --coverage -c "$SRC" -o prog.o 2>compile.err; then
  echo "replay: compiling $SRC failed:" >&2
  cat compile.err >&2
  exit 2
fi
if ! "$CC" $M -O0 -w -c "$SUITE/harness.c" -o harness.o 2>>compile.err; then
  echo "replay: compiling harness.c failed:" >&2
  cat compile.err >&2
  exit 2
fi
# Functions the program declares but never defines and no trace takes a
# value from (void ones, or ones off every trace) get stubs returning 0.
objs="prog.o harness.o"
link() { "$CC" $M --coverage -Wl,-u,__gcov_dump $objs -o prog 2>link.err; }
if ! link; then
  sed -n "s/.*undefined reference to \`\([A-Za-z_][A-Za-z0-9_]*\)'.*/\1/p" link.err | sort -u > undef.txt
  if [ -s undef.txt ]; then
    : > stubs.c
    while read -r fn; do
      printf '__attribute__((weak)) long %s(void) { return 0; }\n' "$fn" >> stubs.c
    done < undef.txt
    echo "note: stubs returning 0 for $(wc -l < undef.txt) undefined function(s) no trace takes a value from: $(tr '\n' ' ' < undef.txt)"
    "$CC" $M -O0 -w -c stubs.c -o stubs.o 2>>link.err && objs="$objs stubs.o"
  fi
  if ! link; then
    echo "replay: linking failed:" >&2
    cat link.err >&2
    exit 2
  fi
fi

# executed lines of the last run: "line count" with count "-" (no code),
# "0" or the number of executions
gcov_counts() {
  "$GCOV" -t prog.o 2>/dev/null | awk -F: '
    { c = $1; gsub(/[ *]/, "", c); l = $2; gsub(/ /, "", l) }
    l + 0 > 0 { if (c == "-") print l, "-"; else if (c ~ /^[#=]+$/) print l, 0; else print l, c }'
}

# tests whose traces end at undefined behaviour: "id line" (tests.tsv);
# their run may crash inside a basic block, where gcov's counts of the
# lines before are not to be trusted: their end line is what replays
TAB=$(printf '\t')
awk -F"$TAB" '$1 !~ /^#/ && NF >= 7 && $7 != "-" { print $1, $4 }' \
  "$SUITE/tests.tsv" > ub.txt
ntr=0 nok=0 nbad=0
while read -r id lines; do
  case $id in ''|'#'*) continue ;; esac
  ntr=$((ntr + 1))
  ub=$(awk -v i="$id" '$1 == i { print $2; exit }' ub.txt)
  [ -n "$ub" ] && lines=$ub
  rm -f ./*.gcda
  EREP_TEST=$id EREP_HARNESS_VERBOSE=${EREP_REPLAY_VERBOSE:-} \
    timeout -k 2 "$TIMEOUT" ./prog >run.out 2>run.err </dev/null
  status=$?
  gcov_counts > counts.txt
  total=0 done=0 nocode=0 missing=
  for l in $lines; do
    # ~N: passed by blank edges only; gcc may have given it no code of its own
    soft=; case $l in '~'*) soft=1; l=${l#\~} ;; esac
    c=$(awk -v l="$l" '$1 == l { print $2; exit }' counts.txt)
    [ -n "$soft" ] && [ "$c" = 0 ] && c=-
    case $c in
      -|'') nocode=$((nocode + 1)) ;;
      0) total=$((total + 1)); missing="$missing${missing:+, }$l" ;;
      *) total=$((total + 1)); done=$((done + 1)) ;;
    esac
  done
  extra=
  [ "$nocode" -gt 0 ] && extra=", $nocode without code"
  why= left=
  case $status in
    0) ;;
    3) left=$(grep -m1 'erep harness' run.err | sed 's/^erep harness: test [^:]*: //') ;;
    124|137) why="; stopped by the ${TIMEOUT}s timeout" ;;
    *) why="; exit status $status" ;;
  esac
  if [ -n "$missing" ]; then
    nbad=$((nbad + 1))
    echo "$id: MISSING lines $missing ($done/$total executed$extra$why${left:+; left the trace: $left})"
  elif [ -n "$left" ]; then
    nbad=$((nbad + 1))
    echo "$id: LEFT THE TRACE: $left ($done/$total lines executed$extra)"
  else
    nok=$((nok + 1))
    echo "$id: $done/$total lines executed${extra:+ (${extra#, })}"
    [ -n "${EREP_REPLAY_VERBOSE:-}" ] && [ -n "$why" ] && echo "  ${why#; }"
  fi
  [ -n "${EREP_REPLAY_VERBOSE:-}" ] && sed 's/^/  /' run.err | grep 'erep harness'
done < "$SUITE/trace-lines.txt"
# the tests erep could not feed (trace-lines.txt leaves them out)
while IFS=$TAB read -r id comp fn end back unfed undef; do
  case $id in ''|'#'*) continue ;; esac
  [ "$unfed" = - ] && continue
  case $unfed in
    'the trace was not proved feasible'*)
      echo "$id: not replayed: $unfed"
      continue ;;
  esac
  ntr=$((ntr + 1)) nbad=$((nbad + 1))
  echo "$id: CANNOT BE FED: $unfed"
done < "$SUITE/tests.tsv"
echo "replay: $ntr traces, $nok replayed, $nbad failed"
[ "$nbad" = 0 ]
