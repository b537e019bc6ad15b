int main() {
  int s = __VERIFIER_nondet_int();
  if ((1 << s) == 0) reach_error();
  return 0;
}
