int fact(int n) {
  if (n <= 1) return 1;
  int t = fact(n - 1);
  return n * t;
}
int main() {
  int x = __VERIFIER_nondet_int();
  int r = fact(x);
  if (r == 6) reach_error();
  return 0;
}
