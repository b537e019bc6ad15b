#include "exact.h"

#include "lib/mem.h"

static const uint64_t exact_root = 0;

void exact_dom_init(exact_dom *d) { d->next = 1; }

static const void *exact_initial(void *d) {
  (void)d;
  return &exact_root;
}

static bool exact_post(void *dv, const void *s, const void *caller,
                       const cfa_edge *e, const void **out) {
  exact_dom *d = dv;
  (void)s, (void)caller, (void)e;
  uint64_t *n = mem_alloc(sizeof *n);
  *n = d->next++;
  *out = n;
  return true;
}

static uint64_t exact_hash(void *d, const void *s) {
  (void)d;
  return *(const uint64_t *)s * 0x9e3779b97f4a7c15ull + 1;
}

static bool exact_equal(void *d, const void *a, const void *b) {
  (void)d;
  return a == b;
}

static void exact_release(void *d, const void *s) {
  (void)d;
  if (s != &exact_root) mem_free((void *)s);
}

const pr_domain exact_domain = {"exact",     exact_initial, exact_post,
                                0,           exact_hash,    exact_equal,
                                0,           exact_release, 0, 0, 0};
