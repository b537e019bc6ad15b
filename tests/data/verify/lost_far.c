/* As lost.c, but the only call clang drops (in later(), after step's
 * conflicting definition) is in a function that no path to the sinks of
 * tests/report_cli.sh's automaton (`s = 0;` enters __TRUE) enters: the
 * report can still be complete. */
int s;
void init(void) { step(1); }
void step(int k) { s = k; }
void later(void) { step(2); }
int main() {
  s = 0;
  if (s == 0)
    return 0;
  later();
  return 1;
}
