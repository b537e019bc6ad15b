/* A union and calls clang drops (as tests/data/verify/lost_type.c): erep
 * report --analysis predicate refuses it for both, and says so. */
extern void reach_error(void);
union U { int i; char c[4]; };
union U u;
int s;
void init(void) { step(1); }
typedef int level;
void step(level k) { s = k; }
int main() {
  s = 0;
  u.i = 1;
  step(1);
  if (s != 1) reach_error();
  return 0;
}
