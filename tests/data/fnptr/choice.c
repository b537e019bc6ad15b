/* Calls through function pointers: a known target (fp), an unknown one
 * chosen among two address-taken functions (op, from a table indexed by an
 * input), and a struct of operations reached through a pointer. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct dev_ops {
  int (*open)(int *);
  void (*close)(int *);
};
int st;
int twice(int x) { return 2 * x; }
int inc(int x) { return x + 1; }
int dec(int x) { return x - 1; }
int my_open(int *p) { *p = 1; return 0; }
void my_close(int *p) { *p = 0; }
struct dev_ops ops = {my_open, my_close};
int (*tab[2])(int) = {inc, dec};
int main(void) {
  int (*fp)(int) = twice;
  int a = __VERIFIER_nondet_int();
  int r = fp(a);
  if (r == 10)
    r = 0;
  int (*op)(int) = tab[a & 1];
  r = op(r);
  struct dev_ops *d = &ops;
  if (d->open(&st) == 0) {
    d->close(&st);
    if (st != 0) reach_error();
  }
  return r;
}
