/* Designated initialisers: fields by name (out of order, nested .a.b,
 * [i].x), arrays by index (with positional elements continuing after
 * them, GNU ranges), unions by member, and the members not named zero
 * (also when a later element names an object again); layouts that differ
 * between ILP32 and LP64.
 * depth: 21 */
struct ops { int (*open)(int); int (*close)(int); };
struct in { int x, y; };
struct out { struct in a; int b[3]; long l; };
union u { int i; unsigned char c[4]; };
struct bf { unsigned a : 3; int b : 5; unsigned char c; };
int f(int x) { return x + 1; }
int g(int x) { return x - 1; }
static struct out so = { .b[2] = 5, .a = { .y = 4 } };
int k;
int main(void) {
  struct ops o = { .close = g, .open = f };
  if (!(o.open(1) == 2)) return 1;
  if (!(o.close(1) == 0)) return 2;
  int a[10] = { [3] = 1, 5, [8] = 7 };
  if (!(a[3] == 1 && a[4] == 5)) return 3;
  if (!(a[0] == 0 && a[5] == 0 && a[8] == 7)) return 4;
  struct out p = { .a.y = 1, 6, .b[1] = 7, 8, .l = -2 };
  if (!(p.a.x == 0 && p.a.y == 1)) return 5;
  if (!(p.b[0] == 6 && p.b[1] == 7 && p.b[2] == 8)) return 6;
  if (!(p.l == -2)) return 7;
  struct in q[3] = { [2].x = 3, [0] = {1, 2} };
  if (!(q[0].x == 1 && q[0].y == 2)) return 8;
  if (!(q[1].x == 0 && q[2].x == 3 && q[2].y == 0)) return 9;
  union u w = { .c = {1, 2} };
  if (!(w.c[0] == 1 && w.c[1] == 2)) return 10;
  union u v = { .i = 0x01020304 };
  if (!(v.c[0] == 4 && v.c[3] == 1)) return 11;
  struct bf b = { .b = -3, .a = 9, 200 };
  if (!(b.a == 1 && b.b == 8 && b.c == 0)) return 12;
  int z[5] = { [1 ... 3] = 9 };
  if (!(z[0] == 0 && z[1] == 9 && z[3] == 9 && z[4] == 0)) return 13;
  if (!(so.a.x == 0 && so.a.y == 4 && so.b[2] == 5 && so.b[0] == 0)) return 14;
  struct { int m; struct in n; } r = { 1, .n.y = 2, .m = 3 };
  if (!(r.m == 3 && r.n.x == 0 && r.n.y == 2)) return 15;
  static int s[] = { [4] = 1 };
  if (!(sizeof s == 5 * sizeof(int) && s[4] == 1 && s[3] == 0)) return 16;
  struct out ov = { .a = {1, 2}, .l = 3, .a = {4} }; /* a named again */
  if (!(ov.a.y == 0 && ov.a.x == 4 && ov.l == 3)) return 18;
#ifdef __LP64__
  if (!(sizeof(struct out) == 32)) return 17;
#else
  if (!(sizeof(struct out) == 24)) return 17;
#endif
  if (k) return 0; /* target */
  return 0;
}
