#ifndef CSHIMS_H
#define CSHIMS_H

#include <stddef.h>

// C library calls that Glibc's Swift module does not export (they need feature macros such
// as _XOPEN_SOURCE, or live in headers the module leaves out).

/// wcwidth(3): the columns a character takes on a terminal; -1 if it is not printable.
int cshims_wcwidth(unsigned int scalar);

/// Bytes the allocator has handed out and not taken back (mallinfo2 on glibc,
/// malloc_zone_statistics on Darwin).
size_t cshims_heap_bytes_in_use(void);

#endif
