# Sourced by the bench scripts. depth_aa N FILE writes the depth:N
# automaton: a verifier that explored N branch decisions deep. Every N-th
# condition edge (`[...]`) of a path enters __FALSE, so the frontier lies N
# decisions deep; everything else stays in the automaton.
depth_aa() {
  { printf 'OBSERVER AUTOMATON AssumptionAutomaton\n\nINITIAL STATE ARG0;\n\n'
    printf 'STATE __TRUE :\n    TRUE -> GOTO __TRUE;\n\nSTATE __FALSE :\n    TRUE -> GOTO __FALSE;\n\n'
    d_i=0
    while [ $d_i -lt "$1" ]; do
      d_n=$((d_i + 1)); d_to=ARG$d_n; [ $d_n = "$1" ] && d_to=__FALSE
      printf 'STATE USEFIRST ARG%s :\n    MATCH [\\\\[.*] -> GOTO %s;\n    TRUE -> GOTO ARG%s;\n\n' $d_i $d_to $d_i
      d_i=$d_n
    done
    printf 'END AUTOMATON\n'; } > "$2"
}
