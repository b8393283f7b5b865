#ifndef JOTTER_SPAWN_ACTIONS_H
#define JOTTER_SPAWN_ACTIONS_H

#include <spawn.h>

/// Adds to `actions` the closing of every descriptor from 3 up, in the child, so
/// that it holds none of the test process's files: glibc has it, but only with
/// _GNU_SOURCE, which Swift's Glibc module is not built with.
int jotter_spawn_actions_close_others(posix_spawn_file_actions_t *actions);

#endif
