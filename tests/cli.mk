# The command line's rough edges (issue 23): setup script, --help, man page,
# dot/convert output formats, verify's exit status and progress.
TESTS += tests/setup_script.sh
EXTRA_DIST += tests/setup_script.sh scripts/setup.sh
