int add(int a, char b) { return a + b; }
int main() {
  int x = __VERIFIER_nondet_int();
  int r = add(x, 5);
  if (r == 12) reach_error();
  return 0;
}
