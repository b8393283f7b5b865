#include <sys/prctl.h>

// prctl is variadic, which Swift cannot call: one wrapper for each use.

// Whether the process can be dumped to a core file and its memory read by other
// processes of the same user.
static inline int jotter_set_dumpable(int dumpable) {
    return prctl(PR_SET_DUMPABLE, (unsigned long)dumpable, 0UL, 0UL, 0UL);
}
