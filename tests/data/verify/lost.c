/* Old CIL output: `step()` is called before any declaration (an implicit
 * `int step()`) and then defined as void. Clang, unlike GCC, rejects the
 * conflict and drops the later calls from its AST; the front end parses
 * again with a prototype of step inserted before init (on its line), so
 * the CFA has the `step();` in main: TRUE (s is 1 at the check). */
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
