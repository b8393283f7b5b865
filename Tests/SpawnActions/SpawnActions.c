#define _GNU_SOURCE
#include "SpawnActions.h"

int jotter_spawn_actions_close_others(posix_spawn_file_actions_t *actions) {
    return posix_spawn_file_actions_addclosefrom_np(actions, 3);
}
