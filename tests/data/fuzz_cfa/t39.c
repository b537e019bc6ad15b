int main() {
  int x = __VERIFIER_nondet_int();
  if (x > 10) {
    if (x < 5) reach_error();
    if (x == 20) reach_error();
  }
  return 0;
}
