int main() {
  int x = __VERIFIER_nondet_int();
  if (x > 0 && x + 1 < 0) reach_error();
  return 0;
}
