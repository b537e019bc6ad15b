#!/bin/sh
# An output is never an input (guard.h), for every command that writes, and
# a result is never discarded silently: report without -o writes a default
# file it names; -o - is standard output. Ids from a report are data, never
# paths.
. "$(dirname "$0")/lib.sh"
S=${EREP_SRCDIR:-.}/samples
cd "$TMP" || exit 1
cp "$S/loop.c" "$S/loop.aa.txt" .
$EREP report loop.c loop.aa.txt -o r.json > /dev/null || fail "report"
cp r.json r0.json; cp loop.c loop0.c; cp loop.aa.txt aa0.txt
ln -s loop.aa.txt aalink
ln loop.c hard.c
same() { cmp -s "$1" "$2"; }
unharmed() { same r.json r0.json && same loop.c loop0.c && same loop.aa.txt aa0.txt; }

# --- dot, report, convert: -o naming an input, directly or through links ---
for out in r.json loop.c loop.aa.txt aalink hard.c ./r.json; do
  $EREP dot r.json -o "$out" > /dev/null 2> err; rc=$?
  [ $rc = 2 ] && grep -q 'refusing to overwrite' err && unharmed &&
    ok "dot -o $out: exit 2, nothing touched" || fail "dot -o $out: rc=$rc $(cat err)"
done
$EREP dot r.json -T svg -o aalink > /dev/null 2>&1; rc=$?
[ $rc = 2 ] && [ -L aalink ] && unharmed && ok "dot -T svg -o link: refused" || fail "dot svg link: rc=$rc"
for out in loop.c loop.aa.txt hard.c aalink; do
  $EREP report loop.c loop.aa.txt -o "$out" > /dev/null 2> err; rc=$?
  [ $rc = 2 ] && unharmed && ok "report -o $out: exit 2" || fail "report -o $out: rc=$rc $(cat err)"
done
$EREP convert loop.aa.txt -o aalink > /dev/null 2> err; rc=$?
[ $rc = 2 ] && unharmed && ok "convert -o a link to its input: exit 2" || fail "convert: rc=$rc"

# --- tests --force never removes a directory holding what the report names ---
# the report records sub/loop.c relative to w/, and is read from elsewhere
mkdir -p w/sub w/out other
cp loop.c loop.aa.txt w/sub/
(cd w && $EREP report sub/loop.c sub/loop.aa.txt -o out/r.json > /dev/null) || fail "report in w"
(cd other && $EREP tests ../w/out/r.json -o ../w/sub --force > /dev/null 2> ../err); rc=$?
[ $rc = 2 ] && [ -f w/sub/loop.c ] && [ -f w/sub/loop.aa.txt ] && grep -q 'refusing to replace' err &&
  ok "tests --force: DIR holding the program (recorded from another directory) kept" ||
  fail "tests --force: rc=$rc, left $(ls w/sub) $(cat err)"
# the automaton alone is protected too
mkdir -p w/aaonly; cp loop.aa.txt w/aaonly/
(cd other && $EREP tests ../w/out/r.json -o ../w/aaonly --force > /dev/null 2> ../err); rc=$?
[ $rc = 2 ] && [ -f w/aaonly/loop.aa.txt ] && ok "tests --force: DIR holding the automaton kept" ||
  fail "tests --force automaton: rc=$rc $(cat err)"
# resolved beside the report: the directory that is the report's own
(cd other && $EREP tests ../w/out/r.json -o ../w/out --force > /dev/null 2> ../err); rc=$?
[ $rc = 2 ] && [ -f w/out/r.json ] && ok "tests --force: the report's directory kept" ||
  fail "tests --force report dir: rc=$rc $(cat err)"
# a directory with other files is still replaced with --force
mkdir -p w/old; echo mine > w/old/notes.txt
(cd w && $EREP tests out/r.json -o old --force > /dev/null 2> ../err); rc=$?
[ $rc = 0 ] && [ -f w/old/run.sh ] && [ ! -e w/old/notes.txt ] &&
  ok "tests --force replaces an unrelated directory" || fail "tests --force unrelated: rc=$rc $(cat err)"

# --- trace ids are data: the reader refuses one that could be a path ---
sed 's/"id": "F1"/"id": "..\/..\/x"/' r.json > badid.json
for c in "dot badid.json" "tests badid.json -o bt" "diff r.json badid.json"; do
  $EREP $c > /dev/null 2> err; rc=$?
  [ $rc = 2 ] && grep -q 'id: "../../x" is not an id' err && [ ! -e bt ] &&
    ok "$c: a path as trace id is refused" || fail "$c: rc=$rc $(cat err)"
done

# --- report: no result is discarded; -o - is standard output ---
mkdir -p def && cd def
$EREP report ../loop.c ../loop.aa.txt > out 2> err; rc=$?
[ $rc = 0 ] && [ -f loop.report.json ] && grep -q 'report written to loop.report.json' out &&
  ok "report without -o: a default file, named in the summary" || fail "default: rc=$rc $(ls)"
cp loop.report.json first.json
$EREP report ../loop.c ../loop.aa.txt > out 2> err
[ -f loop.report-2.json ] && grep -q 'report written to loop.report-2.json' out &&
  same loop.report.json first.json &&
  ok "a second run does not replace the first default report" || fail "second default: $(ls)"
cd ..
$EREP report loop.c loop.aa.txt -o - > json 2> err; rc=$?
[ $rc = 0 ] && jq -e '.format == "erep-report"' json > /dev/null && [ ! -e ./- ] &&
  grep -q 'frontier' err && ! grep -q 'report written' err &&
  ok "report -o -: the JSON on stdout, the summary on stderr" || fail "-o -: rc=$rc $(head -c 200 json)"
$EREP dot r.json -o - > dot.out 2> err; rc=$?
[ $rc = 0 ] && grep -q digraph dot.out && [ ! -e ./- ] && ok "dot -o -: standard output" ||
  fail "dot -o -: rc=$rc"
finish
