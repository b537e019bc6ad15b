#include "mem.h"

#include <malloc.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static void mem_fatal(size_t n) {
  fprintf(stderr, "erep: out of memory (allocating %zu bytes)\n", n);
  exit(1);
}

/* ---------- huge pages for the heap (mem_huge_pages) ----------
 * The heap is advised (madvise MADV_HUGEPAGE) as it grows: mem_huge_follow
 * after each allocation through mem advises what was added to the heap
 * since the last one, by any caller (Z3, libclang). Chunks above the mmap
 * threshold are mappings of their own, advised when mem allocates them. */

#define MEM_HUGE ((uintptr_t)2 << 20)       /* a transparent huge page */
#define MEM_HUGE_MMAP ((size_t)32 << 20)    /* glibc's largest threshold */

static bool mem_huge_on;
static uintptr_t mem_huge_hi; /* the heap is advised below it */

static void mem_huge_advise(uintptr_t lo, uintptr_t hi) {
#ifdef MADV_HUGEPAGE
  lo = (lo + MEM_HUGE - 1) & ~(MEM_HUGE - 1);
  hi &= ~(MEM_HUGE - 1);
  if (hi > lo) (void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
#else
  (void)lo;
  (void)hi;
#endif
}

static void mem_huge_follow_slow(void) {
  uintptr_t top = (uintptr_t)sbrk(0);
  mem_huge_advise(mem_huge_hi, top);
  mem_huge_hi = top & ~(MEM_HUGE - 1);
}

static inline void mem_huge_follow(void *p, size_t n) {
  if (!mem_huge_on) return;
  if ((uintptr_t)sbrk(0) >= mem_huge_hi + MEM_HUGE) mem_huge_follow_slow();
  if (n >= MEM_HUGE_MMAP) mem_huge_advise((uintptr_t)p, (uintptr_t)p + n);
}

void mem_huge_pages(void) {
#if defined(MADV_HUGEPAGE) && defined(M_ARENA_MAX) && defined(M_TOP_PAD)
  if (mem_huge_on) return;
  /* one heap for every thread (a thread's arena would be a mapping of its
   * own), blocks up to 32 MB in it, grown and kept in steps of 32 MB */
  mallopt(M_ARENA_MAX, 1);
  mallopt(M_MMAP_THRESHOLD, (int)MEM_HUGE_MMAP);
  mallopt(M_TRIM_THRESHOLD, (int)(2 * MEM_HUGE_MMAP));
  mallopt(M_TOP_PAD, (int)MEM_HUGE_MMAP);
  void *p = malloc(1 << 20); /* the heap grows by the pad now */
  if (!p) return;
  mem_huge_hi = (uintptr_t)p;
  free(p);
  mem_huge_on = true;
  mem_huge_follow_slow();
#endif
}

void *mem_alloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) mem_fatal(n);
  mem_huge_follow(p, n);
  return p;
}

void *mem_calloc(size_t count, size_t size) {
  void *p = calloc(count ? count : 1, size ? size : 1);
  if (!p) mem_fatal(count * size);
  mem_huge_follow(p, count * size);
  return p;
}

void *mem_realloc(void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) mem_fatal(n);
  mem_huge_follow(q, n);
  return q;
}

char *mem_strndup(const char *s, size_t n) {
  char *d = mem_alloc(n + 1);
  memcpy(d, s, n);
  d[n] = 0;
  return d;
}

char *mem_strdup(const char *s) { return mem_strndup(s, strlen(s)); }

void mem_free(void *p) { free(p); }

char *mem_vprintf(const char *fmt, va_list ap) {
  va_list aq;
  va_copy(aq, ap);
  int n = vsnprintf(NULL, 0, fmt, aq);
  va_end(aq);
  size_t size = (size_t)(n < 0 ? 0 : n) + 1;
  char *m = mem_alloc(size);
  vsnprintf(m, size, fmt, ap);
  return m;
}

char *mem_printf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *m = mem_vprintf(fmt, ap);
  va_end(ap);
  return m;
}

/* Chunks grow geometrically; a request larger than a chunk gets its own. */
typedef struct chunk {
  struct chunk *next;
  size_t size, used;
  max_align_t data[];
} chunk;

struct mem_arena {
  chunk *head;
  size_t total;
};

mem_arena *mem_arena_new(void) { return mem_calloc(1, sizeof(mem_arena)); }

void *mem_arena_alloc(mem_arena *a, size_t n) {
  n = (n + 7) & ~(size_t)7;
  chunk *c = a->head;
  if (!c || c->size - c->used < n) {
    size_t sz = c ? c->size * 2 : 64 * 1024;
    if (sz > 8 * 1024 * 1024) sz = 8 * 1024 * 1024;
    if (sz < n) sz = n;
    c = mem_alloc(sizeof(chunk) + sz);
    c->size = sz;
    c->used = 0;
    if (a->head && n > a->head->size - a->head->used && sz == n) {
      /* big one-off block: keep the current chunk in front for small ones */
      c->next = a->head->next;
      a->head->next = c;
    } else {
      c->next = a->head;
      a->head = c;
    }
    a->total += sz;
  }
  void *p = (char *)c->data + c->used;
  c->used += n;
  memset(p, 0, n);
  return p;
}

char *mem_arena_strndup(mem_arena *a, const char *s, size_t n) {
  char *d = mem_arena_alloc(a, n + 1);
  memcpy(d, s, n);
  d[n] = 0;
  return d;
}

char *mem_arena_strdup(mem_arena *a, const char *s) {
  return mem_arena_strndup(a, s, strlen(s));
}

size_t mem_arena_size(const mem_arena *a) { return a->total; }

void mem_arena_free(mem_arena *a) {
  if (!a) return;
  chunk *c = a->head;
  while (c) {
    chunk *n = c->next;
    free(c);
    c = n;
  }
  free(a);
}

unsigned long mem_rss_mb(void) {
  FILE *f = fopen("/proc/self/statm", "r");
  if (!f) return 0;
  unsigned long size = 0, rss = 0;
  if (fscanf(f, "%lu %lu", &size, &rss) != 2) rss = 0;
  fclose(f);
  return rss * (unsigned long)sysconf(_SC_PAGESIZE) / (1024 * 1024);
}

/* The first number of file `path` in bytes, or "MemTotal: N kB" when
 * `key` is given; 0 when absent, unreadable or "max" (no limit). */
static unsigned long long mem_read_bytes(const char *path, const char *key) {
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  unsigned long long v = 0;
  char line[256];
  while (fgets(line, sizeof line, f)) {
    if (key) {
      size_t k = strlen(key);
      if (strncmp(line, key, k) || sscanf(line + k, "%llu", &v) != 1) continue;
      v *= 1024; /* kB */
    } else if (sscanf(line, "%llu", &v) != 1)
      v = 0;
    break;
  }
  fclose(f);
  return v;
}

/* The least of a and b where 0 is none. */
static unsigned long long mem_least(unsigned long long a,
                                    unsigned long long b) {
  return !a ? b : !b ? a : a < b ? a : b;
}

unsigned long mem_machine_mb(void) {
  unsigned long long m = mem_read_bytes("/proc/meminfo", "MemTotal:");
  /* cgroup v2: this process's cgroup ("0::/path"), and the root as a
   * container sees it; cgroup v1: the memory controller's root */
  m = mem_least(m, mem_read_bytes("/sys/fs/cgroup/memory.max", 0));
  FILE *f = fopen("/proc/self/cgroup", "r");
  char line[512];
  while (f && fgets(line, sizeof line, f)) {
    if (strncmp(line, "0::/", 4)) continue;
    line[strcspn(line, "\n")] = 0;
    if (strlen(line) < 5 || strstr(line, "..")) break;
    char path[600];
    snprintf(path, sizeof path, "/sys/fs/cgroup%s/memory.max", line + 3);
    m = mem_least(m, mem_read_bytes(path, 0));
    break;
  }
  if (f) fclose(f);
  /* v1 says "no limit" with a number near 2^63 */
  unsigned long long v1 =
      mem_read_bytes("/sys/fs/cgroup/memory/memory.limit_in_bytes", 0);
  if (v1 < (1ull << 60)) m = mem_least(m, v1);
  return (unsigned long)(m / (1024 * 1024));
}
