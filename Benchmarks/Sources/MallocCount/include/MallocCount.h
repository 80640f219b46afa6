#ifndef MALLOC_COUNT_H
#define MALLOC_COUNT_H

/// Heap allocations (malloc, calloc, realloc, aligned allocations) made by this process so far.
unsigned long malloc_count_total(void);

#endif
