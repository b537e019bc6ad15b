/* As lost.c, but step's parameter type is declared after the implicit
 * use, so no prototype fits before init: clang drops the call in main,
 * the CFA lacks it (cfa.lost), and FALSE would be wrong (s is 1 at the
 * check): the verifier answers UNKNOWN and names the lost calls. */
extern void reach_error(void);
int s;
void init(void) { step(1); }
typedef int level;
void step(level k) { s = k; }
int main() {
  s = 0;
  step(1);
  if (s != 1) reach_error();
  return 0;
}
