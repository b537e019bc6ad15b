int main() {
  switch (__VERIFIER_nondet_int()) {
  case 1: return 1;
  case 2: reach_error();
  }
  return 0;
}
