/* Old CIL output: `step()` is called before any declaration (an implicit
 * `int step()`) and then defined as void. Clang tolerates the conflict as
 * GCC does but drops the later call in main from its AST, so the CFA has
 * no `step();` there: FALSE would be wrong (s is 1 at the check). The
 * verifier answers UNKNOWN and names the lost calls. */
extern void reach_error(void);
int s;
void init(void) { step(); }
void step(void) { s = 1; }
int main() {
  s = 0;
  step();
  if (s != 1) reach_error();
  return 0;
}
