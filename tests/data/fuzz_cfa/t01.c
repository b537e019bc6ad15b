int __VERIFIER_nondet_int();
int m_run_st  ;
void f(int a) { a = a + 1; }
int main() {
  int x = 1;
  return x;
}
