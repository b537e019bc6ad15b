/* UNKNOWN for the predicate analysis: the loop needs the invariant
 * x % 2 == 0, which no branch condition and no precondition of one names;
 * refinement repeats itself and says so. (The program is safe.) */
extern void reach_error(void);
int main() {
  unsigned x = 0;
  while (x < 1000000) x = x + 2;
  if (x == 1000001) reach_error();
  return 0;
}
