/* Accesses through pointers into no object (tests/report_undefined.sh):
 * NULL and an uninitialised pointer, through parameters, casts, a record
 * read and an array member's address; and what is defined beside them
 * (the address of a member of NULL, an access guarded by a test, a
 * pointer set to an object). Under the explicit analysis, the refinement
 * from undefined behaviour tracks the pointers, so that the paths end at
 * the undefined access and both components are full, as the search
 * without abstraction (predicate) says; the defined ends keep their
 * traces. */
extern int __VERIFIER_nondet_int(void);
struct s { int a; int arr[4]; struct s *next; };
int g;
struct s gs;
struct s *gp;               /* NULL */
int rd(struct s *p) { return p->a; }
void wr(int *q) { *q = 3; }
int main(void) {
  struct s *u;              /* uninitialised */
  struct s *n = 0;
  int c = __VERIFIER_nondet_int();
  unsigned long off = (unsigned long)&((struct s *)0)->arr[2]; /* no access */
  int *decay = n->arr;      /* no access: the address */
  if (c == 1) { g = rd(u); g = 10; }           /* UB */
  if (c == 2) { wr(&n->a); g = 20; }           /* UB in wr */
  if (c == 3) { int x = n ? n->a : 7; g = 30 + x; } /* defined */
  if (c == 4) { struct s t = *gp; g = 40 + t.a; }   /* UB: record read */
  if (c == 5) { n = &gs; n->a = 5; g = 50; }   /* defined */
  if (c == 6) { if (gp) g = gp->a; g = 60; }   /* defined: gp is NULL */
  if (c == 7) { u = (struct s *)(void *)n; g = u->next == 0; g = 70; } /* UB */
  if (c == 8) { int *p = decay; p[1] = 2; g = 80; } /* UB: decay of NULL + offset */
  if (off == 8) g = 90;
  g = 100;
  return 0;
}
