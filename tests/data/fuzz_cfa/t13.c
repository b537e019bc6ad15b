int main() {
  unsigned u = __VERIFIER_nondet_uint();
  int x = __VERIFIER_nondet_int();
  if (u + 5u == 0u && x + 5 == 0) reach_error();
  return 0;
}
