#ifndef JOTTER_SYSTEM_CALL_FILTER_H
#define JOTTER_SYSTEM_CALL_FILTER_H

// Makes the kernel refuse the keyring's system calls (add_key, keyctl, request_key)
// with `error_number`, for the calling thread only and for the rest of its life, as a
// container's seccomp profile does for a whole process. Returns 0, or -1 with errno
// set. Done in C because prctl is variadic and the filter is a BPF program.
int jotter_refuse_keyring_calls_on_this_thread(int error_number);

#endif
