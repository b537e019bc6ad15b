extern void __assert_fail(const char *, const char *, unsigned, const char *);
void reach_error() { __assert_fail("0", "t.c", 3, "reach_error"); }
extern void abort(void);
int g(int v) { return v; }
int main() {
  int (*fp)(int) = g;
  int y = fp(2);
  if (y != 2) reach_error();
  abort();
  return 0;
}
