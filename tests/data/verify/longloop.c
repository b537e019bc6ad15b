/* A loop the explicit analysis unrolls state by state: a search of more
 * ARG nodes than an automaton erep reads back holds (collect.h,
 * AC_MAX_ARG_NODES) writes the automaton that claims nothing, with a
 * warning, at once instead of gigabytes (tests/verify_limits.sh). */
extern void abort(void);
void reach_error(void) {}
int main(void) {
  unsigned int x = 0;
  while (x < 3000000)
    x++;
  if (x != 3000000) {
  ERROR:
    reach_error();
    abort();
  }
  return 0;
}
