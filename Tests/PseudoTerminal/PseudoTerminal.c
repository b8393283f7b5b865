#define _GNU_SOURCE
#include "PseudoTerminal.h"

#include <fcntl.h>
#include <stdlib.h>

#include <pty.h>
#include <signal.h>
#include <termios.h>
#include <unistd.h>

pid_t jotter_spawn_in_pseudo_terminal(const char *path, char *const argv[], char *const envp[],
                                      unsigned short rows, unsigned short columns,
                                      int *controller_fd) {
    struct winsize size = {.ws_row = rows, .ws_col = columns};
    pid_t pid = forkpty(controller_fd, NULL, NULL, &size);
    if (pid == 0) {
        // The test runner's threads block and ignore signals; a program started from
        // a terminal gets a clean slate, and so does this one.
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        for (int signal_number = 1; signal_number < NSIG; signal_number++) {
            signal(signal_number, SIG_DFL);
        }
        // Nor does it hold files of the test runner's: the runner's other tests open
        // files without close-on-exec, and the program would inherit them.
        closefrom(STDERR_FILENO + 1);
        execve(path, argv, envp);
        _exit(127);
    }
    return pid;
}

int jotter_open_pseudo_terminal(int *controller_fd, int *terminal_fd, char *terminal_path, size_t path_size) {
    if (openpty(controller_fd, terminal_fd, NULL, NULL, NULL) != 0) return -1;
    if (ttyname_r(*terminal_fd, terminal_path, path_size) != 0) {
        close(*controller_fd);
        close(*terminal_fd);
        return -1;
    }
    return 0;
}

int jotter_open_terminal_side(int controller_fd) {
    char path[256];
    if (ptsname_r(controller_fd, path, sizeof path) != 0) return -1;
    return open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
}
