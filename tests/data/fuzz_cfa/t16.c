int main() {
  int x = -16;
  if ((x >> 2) == -4 && ((unsigned)x >> 28) == 15u && (1 << 31) < 0)
    reach_error();
  int s = __VERIFIER_nondet_int();
  if ((1 << s) == 0) reach_error();
  return 0;
}
