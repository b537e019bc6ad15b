# Clang errors reject the program (exit 2) with clang's file:line:column
# and message, wherever they are; before, errors outside function bodies
# were ignored and the traces used a guessed AST (`int g = 1 +;` gave
# g = 0). Every program is parsed as C whatever its file name.
. "$(dirname "$0")/lib.sh"
S=${EREP_SRCDIR:-.}/samples

# rejected FILE PATTERN...: erep cfa exits 2 and stderr has every pattern
rejected() {
  f=$1; shift
  $EREP cfa "$f" > /dev/null 2> "$TMP/err"; rc=$?
  [ "$rc" = 2 ] || { fail "$(basename "$f"): exit $rc (wanted 2): $(head -c 300 "$TMP/err")"; return; }
  for p in "$@"; do
    grep -q -e "$p" "$TMP/err" || { fail "$(basename "$f"): no '$p' in: $(head -c 500 "$TMP/err")"; return; }
  done
  ok "$(basename "$f") rejected"
}

cd "$TMP" || exit 1
# a syntax error outside any function body
printf 'int g = 1 +;\nint main(void) { return g; }\n' > global.c
rejected global.c '^erep cfa: global.c:1:12: error: expected expression$'
# ... is also no report (and leaves no file)
mkdir out
$EREP report global.c "$OLDPWD/$S/loop.aa.txt" -o out/r.json > /dev/null 2> err; rc=$?
[ "$rc" = 2 ] && grep -q 'global.c:1:12: error' err && [ -z "$(ls -A out)" ] \
  && ok "report refuses it" || fail "report: exit $rc, $(cat err), out: $(ls -A out)"
cd "$OLDPWD" || exit 1

# a missing header (a fatal error) names the #include line
printf '#include "no-such-header.h"\nint main(void) { return 0; }\n' > "$TMP/include.c"
rejected "$TMP/include.c" 'include.c:1:10: .*no-such-header.h. file not found'
# an error inside an included header names the header
printf 'int h = ;\n' > "$TMP/bad.h"
printf '#include "bad.h"\nint main(void) { return h; }\n' > "$TMP/hdr.c"
rejected "$TMP/hdr.c" 'bad.h:1:9: error: expected expression'
# every error is listed, up to 20, then counted
{ i=1; while [ $i -le 25 ]; do echo "int g$i = $i +;"; i=$((i + 1)); done
  echo 'int main(void) { return 0; }'; } > "$TMP/many.c"
rejected "$TMP/many.c" 'many.c:1:13: error' 'many.c:20:15: error' 'many.c: \.\.\. and 5 more errors'
grep -q 'many.c:21:' "$TMP/err" && fail "more than 20 errors listed"
# errors in a body still count (as before)
printf 'int main(void) {\n  int x = ;\n  return x;\n}\n' > "$TMP/body.c"
rejected "$TMP/body.c" 'body.c:2:11: error: expected expression'

# C in files named .cpp, .cc, .txt or without extension is C
for n in prog.cpp prog.cc prog.txt prog; do
  cp "$S/loop.c" "$TMP/$n"
  $EREP cfa "$TMP/$n" > "$TMP/out.txt" 2> "$TMP/err" && grep -q '^functions: 1' "$TMP/out.txt" \
    && ok "C in $n" || fail "C in $n: $(cat "$TMP/err")"
done
# real C++ fails with clang's messages and says why
printf 'class A { public: int x; };\nint main() { A a; return a.x; }\n' > "$TMP/real.cpp"
rejected "$TMP/real.cpp" "real.cpp:1:1: error: unknown type name 'class'" 'C++ is not supported'
cp "$TMP/real.cpp" "$TMP/real.c"
rejected "$TMP/real.c" 'C++ is not supported'

# what GCC and CPAchecker accept stays accepted: a definition whose type
# conflicts with an earlier implicit declaration (old CIL output), and a
# builtin declared with a 64-bit size_t in an ILP32 parse
printf 'int main(void) { errorFn(); return 0; }\nvoid errorFn(void) { }\n' > "$TMP/implicit.c"
expect 0 $EREP cfa "$TMP/implicit.c"
printf 'void *__builtin_memcpy(void *, void const *, unsigned long);\nint main(void) { return 0; }\n' > "$TMP/builtin.c"
expect 0 $EREP cfa "$TMP/builtin.c"
# ... but not a conflict between two explicit declarations
printf 'int f(int);\nvoid f(int);\nint main(void) { return 0; }\n' > "$TMP/conflict.c"
rejected "$TMP/conflict.c" "conflict.c:2:6: error: conflicting types for 'f'"
finish
