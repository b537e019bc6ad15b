/* file: the one way erep reads an input file (program, automaton, report).
 * Inputs are named on the command line, so they can be anything: a FIFO or
 * a terminal would block in open() or read() forever, /dev/zero never ends
 * and a directory cannot be read. Only regular files of bounded size are
 * accepted, and the check never blocks. Also the names of the files erep
 * derives from an input's path (file_derived_name). */
#ifndef EREP_FILE_H
#define EREP_FILE_H

#include <stddef.h>
#include <sys/stat.h>

/* Opens the regular file `path` for reading (O_CLOEXEC) and fills *st.
 * Refuses, without blocking, anything that is not a regular file. -1 with
 * *err (allocated, mem_free) "PATH: what is wrong". */
int file_open(const char *path, struct stat *st, char **err);

/* Reads the whole regular file `path` into a NUL-terminated buffer
 * (mem_free); *len gets its size without the NUL. Refuses, without
 * blocking, anything that is not a regular file, and files of more than
 * max_bytes. NULL with *err (allocated, mem_free) "PATH: what is wrong". */
char *file_read(const char *path, size_t max_bytes, size_t *len, char **err);

/* Why `path` could not be read, given the errno e a failed file_open (or
 * a function built on it) left: "not a regular file (a directory)" and
 * the like for EINVAL on what is not a regular file, else strerror(e).
 * For callers that get only errno (rep_sha256_file). Static text. */
const char *file_why(const char *path, int e);

/* The name of a file erep derives from a program's path: "dir/prog.c"
 * gives "prog" + suffix, every character but letters, digits, '.', '_' and
 * '-' replaced by '_'; `fallback` + suffix when the name is empty or
 * starts with '.' or '-'. mem_free. */
char *file_derived_name(const char *program, const char *fallback,
                        const char *suffix);
/* The first name of file_derived_name(program, fallback, stem + ext) or,
 * from 2 on, stem + "-N" + ext that names nothing in the working
 * directory (mem_free), NULL when none below 1000 is free: an output
 * erep names itself never replaces an earlier one. */
char *file_free_name(const char *program, const char *fallback,
                     const char *stem, const char *ext);

#endif
