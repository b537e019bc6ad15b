/* UNKNOWN for the predicate analysis: the loop needs the invariant
 * x % 3 == 0, which no branch condition and no precondition of one names,
 * and which is neither an affine equality nor known low bits (karr.h:
 * with x += 2 the analysis proves it from (x & 1) == 0); refinement
 * repeats itself and says so. (The program is safe.) */
extern void reach_error(void);
int main() {
  unsigned x = 0;
  while (x < 1500000) x = x + 3;
  if (x == 1500001) reach_error();
  return 0;
}
