import CMalloc
import JotterCLI

// A block of 1 MiB or more is always mapped on its own, and unmapped when freed. By
// default glibc raises that threshold to the size of each such block freed: once a
// 16 MB text was let go of, the next texts of that size came from the heap, and a
// freed one stayed there, 16 MB more at the peak of an undo that put one long text
// in place of another.
_ = mallopt(M_MMAP_THRESHOLD, 1024 * 1024)
JotterCommand.runMain()
