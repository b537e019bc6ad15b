/* TRUE. Two counters the explicit analysis enumerates value by value
 * without end; the predicate x == y proves it at once (erep verify's
 * default runs the explicit analysis first, then the predicate one). */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int x = 0, y = 0;
  while (__VERIFIER_nondet_int()) {
    x++;
    y++;
  }
  if (x != y) reach_error();
  return 0;
}
