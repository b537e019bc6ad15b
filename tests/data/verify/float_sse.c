/* Each double operation rounds to double (FLT_EVAL_METHOD 0, as SSE), so
 * (1e16 + 1) - 1e16 is 0 and the error is reachable. Under gcc -m32 with
 * the x87 the sum keeps 64 bits of mantissa and the difference is 1: the
 * replay must compute with SSE (-msse2 -mfpmath=sse) to follow the trace.
 * The call has a line of its own: a trace reaches it only if the
 * condition holds in the replay. */
extern void reach_error(void);
extern double __VERIFIER_nondet_double(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  if (x == 1e16 && (x + 1.0) - x == 0.0)
    reach_error();
  return 0;
}
