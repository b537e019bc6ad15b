# big_aa.sh [N]: on standard output, an automaton for samples/loop.c that
# unrolls its loop N times (default 33334: 200,014 states, 21 MB), for the
# limits of loading (tests/report_limit_phases.sh, bench/limits.sh)
awk -v n="${1:-33334}" '
BEGIN {
  print "OBSERVER AUTOMATON AssumptionAutomaton\n\nINITIAL STATE ARG0;\n"
  print "STATE __TRUE :\n    TRUE -> GOTO __TRUE;\n"
  print "STATE __FALSE :\n    TRUE -> GOTO __FALSE;\n"
  split("|int __VERIFIER_nondet_int();|int main()||int n = 0;|int x;||1", pre, "|")
  s = 0
  for (i = 1; i <= 8; i++) st(s++, "MATCH \"" pre[i] "\" -> GOTO ARG" s ";")
  for (k = 0; k < n; k++) {
    st(s++, "MATCH \"x = __VERIFIER_nondet_int();\" -> GOTO ARG" s ";")
    st(s++, "MATCH \"[!x]\" -> GOTO __TRUE;\n    MATCH \"[!(!x)]\" -> GOTO ARG" s ";")
    st(s++, "MATCH \"[x > 1000]\" -> GOTO __TRUE;\n    MATCH \"[!(x > 1000)]\" -> GOTO ARG" s ";")
    st(s++, "MATCH \"n = n + 1;\" -> GOTO ARG" s ";")
    st(s++, "MATCH \"\" -> GOTO ARG" s ";")
    st(s++, "MATCH \"1\" -> GOTO ARG" s ";")
  }
  st(s, "MATCH \"x = __VERIFIER_nondet_int();\" -> GOTO __FALSE;")
  print "END AUTOMATON"
}
function st(q, t) { printf "STATE USEFIRST ARG%d :\n    %s\n    TRUE -> GOTO __TRUE;\n\n", q, t }
'
