#ifndef CSHIMS_H
#define CSHIMS_H

#include <stddef.h>

// C library calls that Glibc's Swift module does not export (they live in headers the
// module leaves out).

/// Bytes the allocator has handed out and not taken back (mallinfo2 on glibc,
/// malloc_zone_statistics on Darwin).
size_t cshims_heap_bytes_in_use(void);

#endif
