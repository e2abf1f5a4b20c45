#include "CAllocatorStats.h"

#if defined(__linux__)
#include <malloc.h>
#endif

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
size_t vmk_allocated_bytes(void) {
    return mallinfo2().uordblks;
}
#else
size_t vmk_allocated_bytes(void) {
    return 0;
}
#endif
