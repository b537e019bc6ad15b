int main() {
  int x = __VERIFIER_nondet_int();
  if (x > 10) {
    int y = x * 3;
    if (y == 39) reach_error();
  }
  return 0;
}
