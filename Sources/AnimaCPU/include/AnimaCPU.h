/* What the processor running Anima can do, for choosing a kernel at run time. Internal to the
   engine: not part of include/anima.h, and not exported from libanima.so (abi/exports.map). */
#ifndef ANIMA_CPU_H
#define ANIMA_CPU_H

/* 1 when the processor and the operating system support AVX2 (the YMM registers saved on a
   context switch), else 0. */
int animacpu_has_avx2(void);

#endif
