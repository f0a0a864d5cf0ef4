#ifndef CWIDTH_H
#define CWIDTH_H

/// The C library's wcwidth(3), which Glibc's Swift module does not export
/// (it needs _XOPEN_SOURCE). Columns a character takes on a terminal; -1 if unprintable.
int cwidth_wcwidth(unsigned int scalar);

#endif
