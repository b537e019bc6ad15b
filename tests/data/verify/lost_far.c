/* As lost_type.c, but the only call clang drops (in later(), after step's
 * definition) is in a function no execution enters: `erep verify` answers
 * TRUE, and a report whose search never enters later()
 * (tests/report_cli.sh: `s = 0;` enters __TRUE) is complete. */
extern void reach_error(void);
int s;
void init(void) { step(1); }
typedef int level;
void step(level k) { s = k; }
void later(void) { step(2); }
int main() {
  s = 0;
  if (s != 0) {
    later();
    reach_error();
  }
  return 0;
}
