#ifndef CSHIMS_H
#define CSHIMS_H

#include <stddef.h>

// C library calls that Glibc's Swift module does not export (they live in headers the
// module leaves out).

/// Bytes the allocator has handed out and not taken back (mallinfo2 on glibc,
/// malloc_zone_statistics on Darwin).
size_t cshims_heap_bytes_in_use(void);

/// Has the allocator serve blocks up to 32 MiB from its heap and keep freed memory there for
/// the next ones, rather than map each afresh and unmap it when freed (glibc's
/// M_MMAP_THRESHOLD and M_TRIM_THRESHOLD); does nothing elsewhere. For a short process that
/// allocates and frees blocks of megabytes.
void cshims_keep_freed_blocks(void);

/// Has the system end this process with SIGKILL when its parent ends (prctl's
/// PR_SET_PDEATHSIG, Linux); does nothing elsewhere.
void cshims_exit_with_parent(void);

/// Opens a new pseudo-terminal (posix_openpt, grantpt, unlockpt) and writes its terminal
/// side's path into `name` (`size` bytes). Returns the controlling side's descriptor, or -1
/// with errno set. (The tests run programs in it.)
int cshims_open_pseudo_terminal(char *name, size_t size);

#endif
