int main() {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 100);
  if (y > 3) {
    if (x < 50) reach_error();
  }
  return 0;
}
