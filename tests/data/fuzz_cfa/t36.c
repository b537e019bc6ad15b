int main() {
  int i = 0;
  _Bool b = __VERIFIER_nondet_bool();
  while (i < 3) i++;
  if (i == 3 && b > 0) reach_error();
  return 0;
}
