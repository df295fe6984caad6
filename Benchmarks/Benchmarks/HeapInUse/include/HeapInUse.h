#ifndef HEAP_IN_USE_H
#define HEAP_IN_USE_H

#include <stddef.h>

/// The bytes of the heap the program has allocated and not freed, as the
/// C allocator counts them (glibc's `mallinfo2`); 0 where it does not say.
size_t heap_in_use(void);

#endif
