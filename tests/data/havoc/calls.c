/* Calls of functions without a body that write through their pointer
 * arguments (tests/report_havoc.sh): the values they write are inputs, and
 * the harness's definitions of get, fill and fill_arr write them. */
extern void reach_error(void);
extern int nondet_int(void);
extern void get(int *p);
struct S {
  int n;
  int *q;
};
extern void fill(struct S *s);
extern void fill_arr(int *a, int n);
int main() {
  int x = 0, y = 0, z = 5, a[3] = {0};
  int *pz = &z; /* z's address is taken, but no call gets it */
  struct S s = {1, &y};
  get(&x);
  nondet_int(); /* changes nothing */
  if (x == 42) {
    fill(&s); /* writes s.n and, through s.q, y */
    if (y == 7) {
      if (s.n == -1) {
        fill_arr(a, 3);
        if (a[1] == 9) {
          if (*pz != 5)
            reach_error(); /* z keeps its value: never reached */
          else
            x = 1;
        }
      }
    }
  }
  return 0;
}
