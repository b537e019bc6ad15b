int f(int a) { return a + 1; }
int main() {
  int x = __VERIFIER_nondet_int();
  if (f(x) == 3) reach_error();
  return 0;
}
