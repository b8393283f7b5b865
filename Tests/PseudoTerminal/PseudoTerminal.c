#include "PseudoTerminal.h"

#include <pty.h>
#include <termios.h>
#include <unistd.h>

pid_t jotter_spawn_in_pseudo_terminal(const char *path, char *const argv[], char *const envp[],
                                      unsigned short rows, unsigned short columns,
                                      int *controller_fd) {
    struct winsize size = {.ws_row = rows, .ws_col = columns};
    pid_t pid = forkpty(controller_fd, NULL, NULL, &size);
    if (pid == 0) {
        execve(path, argv, envp);
        _exit(127);
    }
    return pid;
}
