/* Constructs erep models only in part: erep cfa lists each with its line. */
struct S { unsigned a : 3; int b; };
union U { int i; float f; };
int g(int x) { return x + 1; }
union P { long l; int *p; };
int main() {
  struct S s;
  union U u;
  int (*fp)(int) = g;
  const char *str = "hello";
  float z = 1.5f;
  s.a = 5;
  u.i = 3;
  int r = fp(2);
  if (z > 1.0f) r = 0;
  long double w = 2.0L;
  union P q;
  q.p = &r;
  if (w > 1.0L) r += (int)q.l;
  return s.a + u.i + r + str[0] + (int)u.f;
}
union Big { char c[300]; int i; } big;
int rd(void) { return big.i; }
