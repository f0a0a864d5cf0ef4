#if defined(__linux__)
#define _XOPEN_SOURCE 600  // glibc declares posix_openpt, grantpt, unlockpt and ptsname with it
#define _DEFAULT_SOURCE    // and, with it, what it declares by default (mallinfo2)
#endif
#if defined(__APPLE__)
#include <malloc/malloc.h>
#else
#include <malloc.h>
#endif
#if defined(__linux__)
#include <signal.h>
#include <sys/prctl.h>
#endif
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "CShims.h"

size_t cshims_heap_bytes_in_use(void) {
#if defined(__APPLE__)
    malloc_statistics_t statistics;
    malloc_zone_statistics(NULL, &statistics);
    return statistics.size_in_use;
#else
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
#endif
}

void cshims_keep_freed_blocks(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, INT_MAX);
#endif
}

void cshims_exit_with_parent(void) {
#if defined(__linux__)
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
}

int cshims_open_pseudo_terminal(char *name, size_t size) {
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0) return -1;
    if (grantpt(master) != 0 || unlockpt(master) != 0) {
        int saved = errno;
        close(master);
        errno = saved;
        return -1;
    }
    const char *path = ptsname(master);
    if (path == NULL || strlen(path) >= size) {
        close(master);
        errno = ENAMETOOLONG;
        return -1;
    }
    strcpy(name, path);
    return master;
}
