#include "pbdd.h"

#include "lib/mem.h"

#include <bdd.h>
#include <string.h>

/* BuDDy is global, and its allsat handler and error hook take no context:
 * so is this module's state. */
static unsigned pbdd_users;
static unsigned long pbdd_nerrors; /* BuDDy errors: a call compares before and after */

static void pbdd_error(int e) {
  (void)e;
  pbdd_nerrors++;
}

bool pbdd_open(void) {
  if (pbdd_users++) return true;
  pbdd_nerrors = 0;
  if (bdd_init(10000, 1000) < 0) {
    pbdd_users = 0;
    return false;
  }
  bdd_error_hook(pbdd_error);
  bdd_gbc_hook(0); /* BuDDy reports each garbage collection on stdout */
  bdd_setvarnum(64);
  return true;
}

void pbdd_close(void) {
  if (pbdd_users && !--pbdd_users) bdd_done();
}

/* Room for variable id v. */
static bool pbdd_room(unsigned v) {
  int have = bdd_varnum();
  if ((int)v < have) return true;
  unsigned long err = pbdd_nerrors;
  bdd_extvarnum((int)(v + 1 - (unsigned)have) + 64);
  return pbdd_nerrors == err;
}

/* The BDD of the rows (referenced), or -1 on a BuDDy error. */
static BDD pbdd_of(unsigned n, const unsigned *ids, const unsigned char *rows,
                   unsigned nrows) {
  unsigned long err = pbdd_nerrors;
  for (unsigned i = 0; i < n; i++)
    if (!pbdd_room(ids[i])) return -1;
  BDD acc = bdd_addref(bddfalse);
  for (unsigned k = 0; k < nrows && pbdd_nerrors == err; k++) {
    BDD c = bdd_addref(bddtrue);
    const unsigned char *r = rows + (size_t)k * n;
    for (unsigned i = 0; i < n && pbdd_nerrors == err; i++) {
      if (r[i] == 2) continue;
      BDD l = r[i] ? bdd_ithvar((int)ids[i]) : bdd_nithvar((int)ids[i]);
      BDD t = bdd_addref(bdd_and(c, l));
      bdd_delref(c);
      c = t;
    }
    BDD t = bdd_addref(bdd_or(acc, c));
    bdd_delref(c);
    bdd_delref(acc);
    acc = t;
  }
  if (pbdd_nerrors != err) {
    bdd_delref(acc);
    return -1;
  }
  return acc;
}

bool pbdd_implies(unsigned na, const unsigned *ida, const unsigned char *ca,
                  unsigned nca, unsigned nb, const unsigned *idb,
                  const unsigned char *cb, unsigned ncb) {
  if (!pbdd_users) return false;
  BDD a = pbdd_of(na, ida, ca, nca);
  if (a < 0) return false;
  BDD b = pbdd_of(nb, idb, cb, ncb);
  if (b < 0) {
    bdd_delref(a);
    return false;
  }
  unsigned long err = pbdd_nerrors;
  BDD i = bdd_imp(a, b);
  bool yes = pbdd_nerrors == err && i == bddtrue;
  bdd_delref(a);
  bdd_delref(b);
  return yes;
}

/* pbdd_canon's allsat collector */
static struct {
  unsigned n;
  const int *col; /* by variable: column + 1, 0 when not one of the ids */
  int nvars;
  unsigned char *out;
  size_t len, cap;
} pbdd_sat;

static void pbdd_sat_row(char *profile, int size) {
  if (pbdd_sat.len >= pbdd_sat.cap) { /* more paths than counted */
    pbdd_sat.len = pbdd_sat.cap + 1;
    return;
  }
  unsigned char *r = pbdd_sat.out + pbdd_sat.len * pbdd_sat.n;
  memset(r, 2, pbdd_sat.n);
  for (int v = 0; v < size && v < pbdd_sat.nvars; v++)
    if (pbdd_sat.col[v] && profile[v] >= 0)
      r[pbdd_sat.col[v] - 1] = (unsigned char)profile[v];
  pbdd_sat.len++;
}

size_t pbdd_canon(unsigned n, const unsigned *ids, const unsigned char *rows,
                  unsigned nrows, size_t max, unsigned char **out) {
  *out = 0;
  if (!pbdd_users) return 0;
  BDD b = pbdd_of(n, ids, rows, nrows);
  if (b < 0) return 0;
  unsigned long err = pbdd_nerrors;
  double paths = bdd_pathcount(b);
  if (pbdd_nerrors != err || paths < 1 || paths > (double)max) {
    bdd_delref(b);
    return 0;
  }
  int nv = bdd_varnum();
  int *col = mem_calloc((size_t)nv + 1, sizeof *col);
  for (unsigned i = 0; i < n; i++)
    col[ids[i]] = (int)i + 1;
  pbdd_sat.n = n;
  pbdd_sat.col = col;
  pbdd_sat.nvars = nv;
  pbdd_sat.cap = (size_t)paths;
  pbdd_sat.out = mem_alloc(pbdd_sat.cap * n + 1);
  pbdd_sat.len = 0;
  bdd_allsat(b, pbdd_sat_row);
  bdd_delref(b);
  mem_free(col);
  size_t len = pbdd_sat.len;
  if (pbdd_nerrors != err || len != (size_t)paths) {
    mem_free(pbdd_sat.out);
    pbdd_sat.out = 0;
    return 0;
  }
  *out = pbdd_sat.out;
  pbdd_sat.out = 0;
  return len;
}
