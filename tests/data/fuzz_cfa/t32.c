int main() {
  int x = __VERIFIER_nondet_int();
  int y = (x > 0) && __VERIFIER_nondet_int();
  int z = __VERIFIER_nondet_int();
  __VERIFIER_assume(x < 0);
  if (z == 9) reach_error();
  return 0;
}
