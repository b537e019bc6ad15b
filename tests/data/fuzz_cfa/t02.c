int __VERIFIER_nondet_int();
int main() {
  int i = __VERIFIER_nondet_int();
  return i;
}
