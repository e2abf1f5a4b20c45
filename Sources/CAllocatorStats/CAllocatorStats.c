#include "CAllocatorStats.h"

#if defined(__linux__)
#include <malloc.h>
#endif
#if defined(__APPLE__)
#include <malloc/malloc.h>
#endif

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
size_t vmk_allocated_bytes(void) {
    return mallinfo2().uordblks;
}

bool vmk_allocated_bytes_available(void) {
    return true;
}
#elif defined(__APPLE__)
size_t vmk_allocated_bytes(void) {
    malloc_statistics_t statistics;
    malloc_zone_statistics(NULL, &statistics);  // NULL: the sum over every zone
    return statistics.size_in_use;
}

bool vmk_allocated_bytes_available(void) {
    return true;
}
#else
size_t vmk_allocated_bytes(void) {
    return 0;
}

bool vmk_allocated_bytes_available(void) {
    return false;
}
#endif
