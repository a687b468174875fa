#include "CSystemShims.h"

// Any C library header defines __GLIBC__ on glibc.
#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>
#include <unistd.h>
#endif

int rb_map_allocations_from(unsigned long bytes) {
#if defined(__GLIBC__)
    return mallopt(M_MMAP_THRESHOLD, (int)bytes) == 1 ? 1 : 0;
#else
    (void)bytes;
    return 0;
#endif
}

int rb_is_mapped_on_its_own(const void *pointer) {
#if defined(__GLIBC__)
    // glibc maps such an allocation in whole pages behind a 16-byte header; one from a heap is 16-byte aligned
    // in size and ends 8 bytes into the next chunk's header, so its usable size never adds up to whole pages.
    size_t usable = malloc_usable_size((void *)pointer);
    return (usable + 2 * sizeof(size_t)) % (size_t)sysconf(_SC_PAGESIZE) == 0 ? 1 : 0;
#else
    (void)pointer;
    return 0;
#endif
}
