/* Pointers in a union: written and read back through the same member,
 * NULL's bytes, an integer read as a pointer, a union initialiser.
 * depth: 8 */
union P { int *p; long l; unsigned char c[sizeof(long)]; };
struct T { int tag; union { int *q; long n; } v; };
int k;
int main() {
  int x = 5;
  union P u;
  u.p = &x;
  *u.p = 7;
  if (!(x == 7)) return 1;
  u.p = 0;
  if (!(u.l == 0)) return 2;
  if (!(u.c[sizeof(long) - 1] == 0)) return 3;
  u.l = 0;
  if (!(u.p == 0)) return 4;
  struct T t = {1, {&x}};
  struct T w = t;
  if (!(*w.v.q == 7)) return 5;
  w.v.n = 3;
  if (!(t.v.q == &x)) return 6;
  if (!(w.v.n == 3)) return 7;
  if (!(sizeof(union P) == sizeof(long))) return 8;
  if (k) return 0; /* target */
  return 0;
}
