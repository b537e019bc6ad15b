/* load: reading the report on a thread of its own, so that the browser can
 * show that it is reading (and be quit) while a large report is parsed:
 * the strict reader (report/rjson.h) takes about half a second of CPU for
 * a 30 MB report. The thread runs rj_open and nothing else; the caller
 * must not use the allocation counters of lib/mem (arenas) until
 * ld_finish. A job whose thread cannot start runs in ld_start. */
#ifndef EREP_TUI_LOAD_H
#define EREP_TUI_LOAD_H

#include "report/report.h"

#include <stdbool.h>

typedef struct ld_job ld_job;

ld_job *ld_start(const char *path, bool no_hash_check);
/* A descriptor that becomes readable when the job is done (for poll). */
int ld_fd(const ld_job *j);
/* Wait up to timeout_ms (-1: no limit); true when the job is done. */
bool ld_wait(ld_job *j, int timeout_ms);
/* Join and free the job: the report, or NULL with *err; *warning as
 * rj_open (both mem_free). Waits when the job is not done. */
rep_report *ld_finish(ld_job *j, char **warning, char **err);
/* Leave a running job to the process's exit (the user quit). */
void ld_abandon(ld_job *j);

#endif
