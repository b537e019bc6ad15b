liberep_a_SOURCES += report/report.c report/report.h
liberep_a_SOURCES += report/explore.c report/explore.h
