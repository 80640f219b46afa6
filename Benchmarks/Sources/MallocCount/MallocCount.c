// Counts heap allocations by defining the allocator entry points in the executable, which the
// dynamic linker then binds every library to (the Swift runtime included), and forwarding each to
// glibc's own. The benchmarks read the count to prove a warm path allocates nothing.
#include "MallocCount.h"
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

// Benchmarks run on one thread; a racy count elsewhere only blurs a figure nobody asserts on.
static unsigned long allocations;

unsigned long malloc_count_total(void) { return allocations; }

void *malloc(size_t size) {
    allocations++;
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    allocations++;
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    allocations++;
    return __libc_realloc(pointer, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    allocations++;
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    allocations++;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return 12;
    *result = pointer;
    return 0;
}

void free(void *pointer) { __libc_free(pointer); }
