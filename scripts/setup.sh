#!/bin/sh
# Installs the Debian 12 packages erep builds, tests and fuzzes with: the
# README's first command and CI (.ci/run) both call this script, so the list
# below is the only one (libclang-rt-14-dev is clang's libFuzzer runtime,
# which clang-14 only recommends and --no-install-recommends leaves out).
# It runs apt-get directly as root (a fresh container has no sudo) and
# through sudo otherwise. tests/setup_script.sh checks it.
set -e
EREP_PACKAGES='build-essential autoconf automake pkg-config
  libclang-14-dev llvm-14 clang-14 libclang-rt-14-dev libz3-dev libxml2-dev
  libgraphviz-dev graphviz libncurses-dev libjansson-dev nettle-dev
  libbdd-dev check tmux valgrind gcc-multilib jq libxml2-utils nodejs tidy gdb
  parallel'

if [ "${1:-}" = --list ]; then
  for p in $EREP_PACKAGES; do echo "$p"; done
  exit 0
fi
if [ "$(id -u)" = 0 ]; then
  as_root=
elif command -v sudo >/dev/null 2>&1; then
  as_root=sudo
else
  echo "scripts/setup.sh: not root and no sudo: run it as root" >&2
  exit 1
fi
# shellcheck disable=SC2086 # the list is split on purpose
$as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
# shellcheck disable=SC2086
$as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
  --no-install-recommends $EREP_PACKAGES
