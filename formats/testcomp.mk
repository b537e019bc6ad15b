# fragment of Makefile.am for the Test-Comp writer and replay (owned by the tests/replay work)
