/* erep replay fixture: every kind of input the harness feeds. */
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int read_sensor();            /* old style: undefined, returns a value */
void log_event(int code);     /* undefined and void: stubbed at link time */
extern void abort(void);
void reach_error(void) { abort(); }

struct cfg {
  int limit;
  int flags;
};

int scale(int v) {
  int factor;                 /* read uninitialised when v <= 100 */
  if (v > 100) factor = 2;
  return v * factor;
}

int main(void) {
  int total = 0;
  int mode;                   /* uninitialised scalar */
  struct cfg c;               /* uninitialised struct */
  int buf[4];                 /* uninitialised array */
  int s = read_sensor();
  log_event(s);
  if (mode == 3) {
    total = scale(s);
  }
  if (c.limit > 10 && buf[2] == 7) {
    total = total + 1;
  }
  for (int i = 0; i < 3; i++) {
    int t;                    /* a fresh uninitialised value per iteration */
    if (i == 1) t = 5;
    total = total + t;
  }
  unsigned char u = __VERIFIER_nondet_uchar();
  if (u == 200) {
    if (total == 1234) reach_error();
  }
  int x = __VERIFIER_nondet_int();
  if (x > 0) {
    while (1) {
    }
  }
  return 0;
}
