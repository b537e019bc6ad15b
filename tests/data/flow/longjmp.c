/* A longjmp with no setjmp on the path (undefined in C; it isolates the
 * longjmp edge): the trace that passes it is never feasible, the one that
 * branches around it is. */
typedef long jmp_buf[32];
void longjmp(jmp_buf env, int val);
int __VERIFIER_nondet_int();

jmp_buf env;

int main() {
  int x = __VERIFIER_nondet_int();
  if (x > 0) {
    longjmp(env, 1);
    x = 42;
  }
  return x;
}
