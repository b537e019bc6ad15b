/* setjmp/longjmp: C never runs x = 42 (longjmp does not return), and
 * setjmp returns a second time, with 1, after the longjmp. A CFA has
 * neither edge, so no trace through either call may be called feasible. */
typedef long jmp_buf[32];
int setjmp(jmp_buf env);
void longjmp(jmp_buf env, int val);
int __VERIFIER_nondet_int();

jmp_buf env;

int main() {
  int x = __VERIFIER_nondet_int();
  if (setjmp(env) == 0) {
    if (x > 0) {
      longjmp(env, 1);
      x = 42;
    }
  }
  return x;
}
