liberep_a_SOURCES += report/report.c report/report.h
