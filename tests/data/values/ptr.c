/* Pointer values along a trace: NULL, the address of a variable, of an
 * array element and of a struct member (object and byte offset), of a
 * function, of a string literal (tests/trace_values_gcc.sh). */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct s {
  int a;
  int b;
};
int g(int v) { return v; }
int main(void) {
  int v = 1;
  int arr[4];
  struct s st;
  int *p = 0;
  int *q = &v;
  int *r = &arr[2];
  int *t = &st.b;
  int (*fp)(int) = g;
  const char *str = "hi";
  const char *str2 = str + 1;
  int x = __VERIFIER_nondet_int();
  if (x == 5 && p == 0 && *q == 1 && r == arr + 2 && t != 0 && fp == g &&
      *str2 == 'i')
    reach_error();
  return 0;
}
