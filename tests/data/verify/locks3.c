/* Three locks (the test_locks pattern): TRUE with --sbe. With lazy
 * refinement a path through states made before a refinement elsewhere is
 * cut back, not refined: refining it found no new predicate (UNKNOWN). */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int p1 = __VERIFIER_nondet_int(); int lk1;
  int p2 = __VERIFIER_nondet_int(); int lk2;
  int p3 = __VERIFIER_nondet_int(); int lk3;
  int cond;
  while (1) {
    cond = __VERIFIER_nondet_int();
    if (cond == 0) goto out;
    lk1 = 0;
    lk2 = 0;
    lk3 = 0;
    if (p1 != 0) lk1 = 1;
    if (p2 != 0) lk2 = 1;
    if (p3 != 0) lk3 = 1;
    if (p1 != 0) { if (lk1 != 1) goto ERROR; lk1 = 0; }
    if (p2 != 0) { if (lk2 != 1) goto ERROR; lk2 = 0; }
    if (p3 != 0) { if (lk3 != 1) goto ERROR; lk3 = 0; }
  }
 out:
  return 0;
 ERROR:
  reach_error();
  return 0;
}
