/* tests/verify_report.sh: 2^6 leaves, each cut by --path-length 16 past
 * a cube root the solver must find (y * y * y == c, bit-precise): the
 * explicit analysis (y untracked) explores them without the solver, the
 * report of the automaton needs a hard check for each. */
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  unsigned y = __VERIFIER_nondet_uint();
  unsigned a = 0;
  if (x & 1) {
    if (x & 2) {
      if (x & 4) {
        if (x & 8) {
          if (x & 16) {
            if (x & 32) {
              if (y * y * y != 170287977u) return 0; a = 0; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 627522088u) return 0; a = 1; a = a + 1; a = a + 2; a = a + 3;
            }
          } else {
            if (x & 32) {
              if (y * y * y != 1084830275u) return 0; a = 2; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 1542212544u) return 0; a = 3; a = a + 1; a = a + 2; a = a + 3;
            }
          }
        } else {
          if (x & 16) {
            if (x & 32) {
              if (y * y * y != 1999668901u) return 0; a = 4; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 2457199352u) return 0; a = 5; a = a + 1; a = a + 2; a = a + 3;
            }
          } else {
            if (x & 32) {
              if (y * y * y != 2914803903u) return 0; a = 6; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 3372482560u) return 0; a = 7; a = a + 1; a = a + 2; a = a + 3;
            }
          }
        }
      } else {
        if (x & 8) {
          if (x & 16) {
            if (x & 32) {
              if (y * y * y != 3830235329u) return 0; a = 8; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 4288062216u) return 0; a = 9; a = a + 1; a = a + 2; a = a + 3;
            }
          } else {
            if (x & 32) {
              if (y * y * y != 450995931u) return 0; a = 10; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 908971072u) return 0; a = 11; a = a + 1; a = a + 2; a = a + 3;
            }
          }
        } else {
          if (x & 16) {
            if (x & 32) {
              if (y * y * y != 1367020349u) return 0; a = 12; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 1825143768u) return 0; a = 13; a = a + 1; a = a + 2; a = a + 3;
            }
          } else {
            if (x & 32) {
              if (y * y * y != 2283341335u) return 0; a = 14; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 2741613056u) return 0; a = 15; a = a + 1; a = a + 2; a = a + 3;
            }
          }
        }
      }
    } else {
      if (x & 4) {
        if (x & 8) {
          if (x & 16) {
            if (x & 32) {
              if (y * y * y != 3199958937u) return 0; a = 16; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 3658378984u) return 0; a = 17; a = a + 1; a = a + 2; a = a + 3;
            }
          } else {
            if (x & 32) {
              if (y * y * y != 4116873203u) return 0; a = 18; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 280474304u) return 0; a = 19; a = a + 1; a = a + 2; a = a + 3;
            }
          }
        } else {
          if (x & 16) {
            if (x & 32) {
              if (y * y * y != 739116885u) return 0; a = 20; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 1197833656u) return 0; a = 21; a = a + 1; a = a + 2; a = a + 3;
            }
          } else {
            if (x & 32) {
              if (y * y * y != 1656624623u) return 0; a = 22; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 2115489792u) return 0; a = 23; a = a + 1; a = a + 2; a = a + 3;
            }
          }
        }
      } else {
        if (x & 8) {
          if (x & 16) {
            if (x & 32) {
              if (y * y * y != 2574429169u) return 0; a = 24; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 3033442760u) return 0; a = 25; a = a + 1; a = a + 2; a = a + 3;
            }
          } else {
            if (x & 32) {
              if (y * y * y != 3492530571u) return 0; a = 26; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 3951692608u) return 0; a = 27; a = a + 1; a = a + 2; a = a + 3;
            }
          }
        } else {
          if (x & 16) {
            if (x & 32) {
              if (y * y * y != 115961581u) return 0; a = 28; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 575272088u) return 0; a = 29; a = a + 1; a = a + 2; a = a + 3;
            }
          } else {
            if (x & 32) {
              if (y * y * y != 1034656839u) return 0; a = 30; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 1494115840u) return 0; a = 31; a = a + 1; a = a + 2; a = a + 3;
            }
          }
        }
      }
    }
  } else {
    if (x & 2) {
      if (x & 4) {
        if (x & 8) {
          if (x & 16) {
            if (x & 32) {
              if (y * y * y != 1953649097u) return 0; a = 32; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 2413256616u) return 0; a = 33; a = a + 1; a = a + 2; a = a + 3;
            }
          } else {
            if (x & 32) {
              if (y * y * y != 2872938403u) return 0; a = 34; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 3332694464u) return 0; a = 35; a = a + 1; a = a + 2; a = a + 3;
            }
          }
        } else {
          if (x & 16) {
            if (x & 32) {
              if (y * y * y != 3792524805u) return 0; a = 36; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 4252429432u) return 0; a = 37; a = a + 1; a = a + 2; a = a + 3;
            }
          } else {
            if (x & 32) {
              if (y * y * y != 417441055u) return 0; a = 38; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 877494272u) return 0; a = 39; a = a + 1; a = a + 2; a = a + 3;
            }
          }
        }
      } else {
        if (x & 8) {
          if (x & 16) {
            if (x & 32) {
              if (y * y * y != 1337621793u) return 0; a = 40; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 1797823624u) return 0; a = 41; a = a + 1; a = a + 2; a = a + 3;
            }
          } else {
            if (x & 32) {
              if (y * y * y != 2258099771u) return 0; a = 42; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 2718450240u) return 0; a = 43; a = a + 1; a = a + 2; a = a + 3;
            }
          }
        } else {
          if (x & 16) {
            if (x & 32) {
              if (y * y * y != 3178875037u) return 0; a = 44; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 3639374168u) return 0; a = 45; a = a + 1; a = a + 2; a = a + 3;
            }
          } else {
            if (x & 32) {
              if (y * y * y != 4099947639u) return 0; a = 46; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 265628160u) return 0; a = 47; a = a + 1; a = a + 2; a = a + 3;
            }
          }
        }
      }
    } else {
      if (x & 4) {
        if (x & 8) {
          if (x & 16) {
            if (x & 32) {
              if (y * y * y != 726350329u) return 0; a = 48; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 1187146856u) return 0; a = 49; a = a + 1; a = a + 2; a = a + 3;
            }
          } else {
            if (x & 32) {
              if (y * y * y != 1648017747u) return 0; a = 50; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 2108963008u) return 0; a = 51; a = a + 1; a = a + 2; a = a + 3;
            }
          }
        } else {
          if (x & 16) {
            if (x & 32) {
              if (y * y * y != 2569982645u) return 0; a = 52; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 3031076664u) return 0; a = 53; a = a + 1; a = a + 2; a = a + 3;
            }
          } else {
            if (x & 32) {
              if (y * y * y != 3492245071u) return 0; a = 54; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 3953487872u) return 0; a = 55; a = a + 1; a = a + 2; a = a + 3;
            }
          }
        }
      } else {
        if (x & 8) {
          if (x & 16) {
            if (x & 32) {
              if (y * y * y != 119837777u) return 0; a = 56; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 581229384u) return 0; a = 57; a = a + 1; a = a + 2; a = a + 3;
            }
          } else {
            if (x & 32) {
              if (y * y * y != 1042695403u) return 0; a = 58; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 1504235840u) return 0; a = 59; a = a + 1; a = a + 2; a = a + 3;
            }
          }
        } else {
          if (x & 16) {
            if (x & 32) {
              if (y * y * y != 1965850701u) return 0; a = 60; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 2427539992u) return 0; a = 61; a = a + 1; a = a + 2; a = a + 3;
            }
          } else {
            if (x & 32) {
              if (y * y * y != 2889303719u) return 0; a = 62; a = a + 1; a = a + 2; a = a + 3;
            } else {
              if (y * y * y != 3351141888u) return 0; a = 63; a = a + 1; a = a + 2; a = a + 3;
            }
          }
        }
      }
    }
  }
  return a;
}
