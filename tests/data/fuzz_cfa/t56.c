int main() {
  unsigned long x = __VERIFIER_nondet_long();
  unsigned long y = __VERIFIER_nondet_long();
  if (x > 1 && y > 1 && x < 4294967296UL && y < 4294967296UL &&
      x * y == 8670687648630721837UL) reach_error();
  return 0;
}
