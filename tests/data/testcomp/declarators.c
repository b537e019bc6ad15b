extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int a = __VERIFIER_nondet_uint(), b = __VERIFIER_nondet_uint();
  int arr[100];
  int used[4];
  if (a == 3 && b == 7) {
    used[1] = 2;
    if (used[2] == 9) reach_error();
  }
  return 0;
}
