/* smt_input: the kinds of a path's inputs, below both the constraints
 * (smtc, which records the inputs as the path reads them) and the session
 * (smt.h, whose model reports them), so that neither includes the other's
 * header for it. */
#ifndef EREP_SMT_INPUT_H
#define EREP_SMT_INPUT_H

typedef enum {
  SMT_INPUT_CALL,   /* result of a call of a function without a body */
  SMT_INPUT_UNINIT, /* value of an uninitialised variable */
  SMT_INPUT_WRITTEN /* a value a call of a function without a body wrote
                     * through its pointer arguments */
} smt_input_kind;

#endif
