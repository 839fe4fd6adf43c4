/* What the processor running Anima can do, for choosing a kernel at run time, and what the C
   library offers beyond what Swift's Glibc module shows. Internal to the engine: not part of
   include/anima.h, and not exported from libanima.so (abi/exports.map). */
#ifndef ANIMA_CPU_H
#define ANIMA_CPU_H

/* 1 when the processor and the operating system support AVX2 (the YMM registers saved on a
   context switch), else 0. */
int animacpu_has_avx2(void);

/* *s = sin(x) and *c = cos(x), to the bit what the C library's sin and cos give, in one call
   where the library has one (glibc's sincos shares the argument reduction: about 9 ns against
   15 for the two calls). */
void animacpu_sincos(double x, double *s, double *c);

#endif
