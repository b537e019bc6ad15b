struct S { int a; char c; int b; };
int main() {
  struct S s;
  struct S *p = &s;
  p->b = __VERIFIER_nondet_int();
  s.a = 1;
  if (s.b == p->a + 41) reach_error();
  return 0;
}
