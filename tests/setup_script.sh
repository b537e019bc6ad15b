#!/bin/sh
# The README's first command and CI install the packages through one script,
# scripts/setup.sh, which works in a root shell without sudo (a fresh
# container, CI) and as a user with sudo. No network: apt-get, sudo and id are
# stubs that log what they were asked to do.
. "$(dirname "$0")/lib.sh"
SRC=${EREP_SRCDIR:-.}
setup=$SRC/scripts/setup.sh

# README: the first command of the first sh block installs with the script,
# builds and computes the sample's report, in one line, without sudo
first=$(sed -n '/^```sh$/{n;p;q;}' "$SRC/README.md")
case $first in
  "sh scripts/setup.sh && "*) ok "README's first command runs scripts/setup.sh" ;;
  *) fail "README's first command does not start with sh scripts/setup.sh: $first" ;;
esac
case $first in
  *"autoreconf -fi && ./configure && make -j2 && ./erep report samples/loop.c samples/loop.aa.txt -o loop-report.json")
    ok "README's first command builds and runs the sample" ;;
  *) fail "README's first command does not build and report: $first" ;;
esac
case $first in
  *sudo* | *apt-get*) fail "README's first command calls sudo/apt-get itself" ;;
  *) ok "README's first command has no sudo of its own" ;;
esac
# CI installs through the same script and holds no list of its own
grep -q '^sh scripts/setup.sh' "$SRC/.ci/run" && ok ".ci/run runs scripts/setup.sh" ||
  fail ".ci/run does not run scripts/setup.sh"
for f in README.md .ci/run; do
  grep -q 'apt-get install\|libclang-14-dev' "$SRC/$f" &&
    fail "$f holds a package list besides scripts/setup.sh" ||
    ok "$f has no package list of its own"
done

# the script's behaviour with stubs: a PATH that holds only them and env
mkdir -p "$TMP/bin"
ln -s "$(command -v env)" "$TMP/bin/env"
cat > "$TMP/bin/apt-get" <<'STUB'
#!/bin/sh
echo "apt-get $* DEBIAN_FRONTEND=$DEBIAN_FRONTEND" >> "$LOG"
STUB
cat > "$TMP/sudo" <<'STUB'
#!/bin/sh
echo "sudo $1" >> "$LOG"
exec "$@"
STUB
printf '#!/bin/sh\necho "$UID_STUB"\n' > "$TMP/bin/id"
chmod +x "$TMP/bin/apt-get" "$TMP/sudo" "$TMP/bin/id"
run() { # UID: run the script with the stubs, its log in $TMP/log
  : > "$TMP/log"
  LOG=$TMP/log UID_STUB=$1 PATH=$TMP/bin /bin/sh "$setup" > "$TMP/out" 2>&1
}
list=$(/bin/sh "$setup" --list | tr '\n' ' ')
[ -n "$list" ] && ok "--list: $list" || fail "--list prints nothing"
installs_all() { # the install line names every package of the list
  line=$(grep 'apt-get install' "$TMP/log")
  for p in $list; do
    case " $line " in *" $p "*) ;; *) fail "$1: install misses $p"; return ;; esac
  done
  ok "$1: installs every package"
}
# root, and no sudo on the machine: apt-get directly
if run 0 && ! grep -q '^sudo' "$TMP/log" && grep -q '^apt-get update' "$TMP/log" &&
  grep -q '^apt-get install -y .*DEBIAN_FRONTEND=noninteractive' "$TMP/log"; then
  ok "as root without sudo: apt-get directly"
else
  fail "as root: $(cat "$TMP/out" "$TMP/log")"
fi
installs_all root
# a user with sudo: through sudo
cp "$TMP/sudo" "$TMP/bin/sudo"
if run 1000 && [ "$(grep -c '^sudo env' "$TMP/log")" = 2 ] &&
  grep -q '^apt-get install' "$TMP/log"; then
  ok "as a user: through sudo"
else
  fail "as a user: $(cat "$TMP/out" "$TMP/log")"
fi
installs_all user
# a user without sudo: a message, no apt-get
rm "$TMP/bin/sudo"
if ! run 1000 && grep -q 'not root and no sudo' "$TMP/out" && [ ! -s "$TMP/log" ]; then
  ok "as a user without sudo: refused with a message"
else
  fail "as a user without sudo: $(cat "$TMP/out" "$TMP/log")"
fi
finish
