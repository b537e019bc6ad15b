extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 10)
    ((x > 5) ? (void) (0) : __assert_fail ("x > 5", "c99hold.c", 6, __extension__ __PRETTY_FUNCTION__));
  return 0;
}
