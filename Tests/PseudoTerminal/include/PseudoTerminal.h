#ifndef JOTTER_PSEUDO_TERMINAL_H
#define JOTTER_PSEUDO_TERMINAL_H

#include <sys/types.h>

// Starts `path` with `argv` and `envp` as the session leader of a new pseudo-terminal
// of the given size. Returns the child's pid and stores the controller side in
// *controller_fd, or returns -1 with errno set. Done in C so that nothing but execve
// runs in the child between fork and exec.
pid_t jotter_spawn_in_pseudo_terminal(const char *path, char *const argv[], char *const envp[],
                                      unsigned short rows, unsigned short columns,
                                      int *controller_fd);

#endif
