/* Run-time CPU feature detection (see include/AnimaCPU.h). */
#include "AnimaCPU.h"

int animacpu_has_avx2(void)
{
#if defined(__x86_64__) || defined(__i386__)
    /* checks CPUID and, through XGETBV, that the OS saves the YMM state */
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}
