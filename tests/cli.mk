# The command line's rough edges (issue 23): setup script, --help, man page,
# dot/convert output formats, verify's exit status and progress.
TESTS += tests/setup_script.sh
EXTRA_DIST += tests/setup_script.sh scripts/setup.sh
# --help fits 80 columns, -v and -o say what they do per command; erep.1
# (erep --man) has every option of the table and renders without warnings
TESTS += tests/cli_help.sh
EXTRA_DIST += tests/cli_help.sh
# erep dot -o x.pdf renders PDF; a name that says no format is refused
TESTS += tests/dot_formats.sh
EXTRA_DIST += tests/dot_formats.sh
# erep convert: .spc in and out
TESTS += tests/convert_spc.sh
EXTRA_DIST += tests/convert_spc.sh
# erep verify: the exit status, --fail-on false,unknown
TESTS += tests/verify_fail_on.sh
EXTRA_DIST += tests/verify_fail_on.sh
# erep verify: a progress line on a terminal only (script(1)'s pty)
TESTS += tests/verify_progress.sh
EXTRA_DIST += tests/verify_progress.sh
# the fuzz targets' sources name all of lib/; CI runs every target
TESTS += tests/link_fuzz.sh
EXTRA_DIST += tests/link_fuzz.sh
