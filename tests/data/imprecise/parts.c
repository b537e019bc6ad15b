/* Constructs erep models only in part: erep cfa lists each with its line. */
struct S { unsigned a : 3; int b; };
union U { int i; float f; };
int g(int x) { return x + 1; }
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
  return s.a + u.i + r + str[0];
}
union Big { char c[300]; int i; } big;
int rd(void) { return big.i; }
