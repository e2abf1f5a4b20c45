#ifndef C_ALLOCATOR_STATS_H
#define C_ALLOCATOR_STATS_H

#include <stddef.h>

/// Bytes currently allocated through malloc and not freed (glibc's mallinfo2().uordblks), or 0 where
/// the C library does not report it. Used by the benchmarks to measure memory per object.
size_t vmk_allocated_bytes(void);

#endif
