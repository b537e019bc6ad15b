/* String literals are read-only objects: a strlen-like loop over one, a
 * char array initialised from one, a comparison through a pointer. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int len(const char *s) {
  int k = 0;
  while (s[k])
    k++;
  return k;
}
int main(void) {
  const char *msg = "hey";
  char buf[6] = "ab";
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 6)
    return 0;
  int n = len(msg);
  if (buf[i] == 'b')
    n = n + 10;
  if (i < n && msg[i] == 'y')
    n = n + 100;
  if (n == 3)
    return 1;
  return n;
}
