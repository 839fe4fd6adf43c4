/* Sine and cosine in one call (see include/AnimaCPU.h). */
#define _GNU_SOURCE
#include <math.h>

#include "AnimaCPU.h"

void animacpu_sincos(double x, double *s, double *c)
{
#if defined(__GLIBC__)
    /* glibc's sincos runs the same reduction and polynomials as its sin and cos */
    sincos(x, s, c);
#else
    *s = sin(x);
    *c = cos(x);
#endif
}
