/* mem: the one allocation funnel. Out of memory is fatal here and nowhere
 * else, so callers never check for NULL. Sizes are tracked so that limits
 * (--memory-limit) can be checked cheaply. An arena gives objects that live
 * and die together (a CFA, an automaton) one owner and one free. */
#ifndef EREP_MEM_H
#define EREP_MEM_H

#include <stdarg.h>
#include <stddef.h>

void *mem_alloc(size_t n);
void *mem_calloc(size_t count, size_t size);
void *mem_realloc(void *p, size_t n);
char *mem_strdup(const char *s);
char *mem_strndup(const char *s, size_t n);
void mem_free(void *p);
/* A formatted string, allocated (mem_free). */
char *mem_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *mem_vprintf(const char *fmt, va_list ap);

/* Back the heap with transparent huge pages where the kernel gives them on
 * request (THP "madvise" mode, Debian's default): one page fault per 2 MB
 * instead of per 4 KB. On the development VM a page fault costs about
 * 20 us, which made creating a Z3 context (an 8 MB table) take 50 ms
 * instead of about 10 ms. `WORK=locks bench/pair.sh` against a build
 * without it: verify of test_locks_15 0.70x the time, 3 MiB more peak
 * memory. Call first thing in main, before any thread. */
void mem_huge_pages(void);

/* Resident set size of the process in MB (what --memory-limit limits), 0
 * when it cannot be read. */
unsigned long mem_rss_mb(void);

/* Memory the process may use, in MB: the least of the machine's
 * (MemTotal of /proc/meminfo) and its cgroup's limit (cgroup v2
 * memory.max of its own cgroup or the root, v1 memory.limit_in_bytes),
 * 0 when none can be read. */
unsigned long mem_machine_mb(void);

typedef struct mem_arena mem_arena;
mem_arena *mem_arena_new(void);
void *mem_arena_alloc(mem_arena *a, size_t n); /* zeroed, 8-aligned */
char *mem_arena_strndup(mem_arena *a, const char *s, size_t n);
char *mem_arena_strdup(mem_arena *a, const char *s);
size_t mem_arena_size(const mem_arena *a);
void mem_arena_free(mem_arena *a);

/* Growable array of T: `VEC(int) v = {0}; VEC_PUSH(v, 3); ... VEC_FREE(v);` */
#define VEC(T)                                                                 \
  struct {                                                                     \
    T *data;                                                                   \
    size_t len, cap;                                                           \
  }
#define VEC_GROW(v, need)                                                      \
  do {                                                                         \
    if ((need) > (v).cap) {                                                    \
      size_t nc_ = (v).cap ? (v).cap * 2 : 8;                                  \
      while (nc_ < (need))                                                     \
        nc_ *= 2;                                                              \
      (v).data = mem_realloc((v).data, nc_ * sizeof *(v).data);                \
      (v).cap = nc_;                                                           \
    }                                                                          \
  } while (0)
#define VEC_PUSH(v, x)                                                         \
  do {                                                                         \
    VEC_GROW(v, (v).len + 1);                                                  \
    (v).data[(v).len++] = (x);                                                 \
  } while (0)
#define VEC_FREE(v)                                                            \
  do {                                                                         \
    mem_free((v).data);                                                        \
    (v).data = NULL;                                                           \
    (v).len = (v).cap = 0;                                                     \
  } while (0)

#endif
