#define _XOPEN_SOURCE 700
#include <wchar.h>
#include "CWidth.h"

int cwidth_wcwidth(unsigned int scalar) {
    return wcwidth((wchar_t)scalar);
}
