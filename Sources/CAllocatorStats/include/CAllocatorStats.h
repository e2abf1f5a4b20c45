#ifndef C_ALLOCATOR_STATS_H
#define C_ALLOCATOR_STATS_H

#include <stdbool.h>
#include <stddef.h>

/// Bytes currently allocated through malloc and not freed: glibc's mallinfo2().uordblks, Darwin's
/// malloc_zone_statistics size_in_use over all zones, or 0 where the C library reports neither (see
/// vmk_allocated_bytes_available). Used by the benchmarks to measure memory per object.
size_t vmk_allocated_bytes(void);

/// Whether vmk_allocated_bytes reports real counts on this C library.
bool vmk_allocated_bytes_available(void);

#endif
