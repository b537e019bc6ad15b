/* A union larger than erep models byte by byte (256 bytes): the proof of
 * the path through its write stops there (tests/report_undefined.sh). */
extern int __VERIFIER_nondet_int(void);
union big { char b[300]; int i; };
int main(void) {
  union big u;
  int x = __VERIFIER_nondet_int();
  u.i = x;
  int y = 0;
  if (u.i > 0)
    y = 1;
  return y;
}
