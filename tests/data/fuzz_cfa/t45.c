extern int reg(int *);
int main() {
  int x = 0, y = __VERIFIER_nondet_int();
  reg(&x);
  if (y == 7) reach_error();
  return 0;
}
