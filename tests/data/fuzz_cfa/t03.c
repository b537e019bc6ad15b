int __VERIFIER_nondet_int();
int main() {
  int x = __VERIFIER_nondet_int();
  int m_run_i = x;
  if (!x) { x = 1; }
  if (x) { x = 2; }
  if ((int )m_run_i == 1) { x = 3; }
  if (x*x >= 0) { x = 4; }
  if (! (x + 50 == m_run_i)) { x = 5; }
  return 0;
}
