#ifndef JOTTER_PSEUDO_TERMINAL_H
#define JOTTER_PSEUDO_TERMINAL_H

#include <stddef.h>
#include <sys/types.h>

// Starts `path` with `argv` and `envp` as the session leader of a new pseudo-terminal
// of the given size. Returns the child's pid and stores the controller side in
// *controller_fd, or returns -1 with errno set. Done in C so that nothing but execve
// runs in the child between fork and exec.
pid_t jotter_spawn_in_pseudo_terminal(const char *path, char *const argv[], char *const envp[],
                                      unsigned short rows, unsigned short columns,
                                      int *controller_fd);

// Opens a pseudo-terminal pair in this process, for code that is pointed at a terminal
// by path: stores the controller side, the terminal side (kept open, so the terminal
// lasts while the code opens and closes its path) and the terminal side's path.
// Returns 0, or -1 with errno set.
int jotter_open_pseudo_terminal(int *controller_fd, int *terminal_fd, char *terminal_path, size_t path_size);

// Opens the terminal side of the pseudo-terminal whose controller is `controller_fd`,
// without making it a controlling terminal and without blocking. Returns the
// descriptor, or -1 with errno set.
int jotter_open_terminal_side(int controller_fd);

#endif
