#!/usr/bin/env python3
"""Runs a command where the kernel keyring cannot be used, as in a container whose
seccomp profile refuses the keyring's system calls (Docker's default does): add_key,
request_key and keyctl fail with EPERM. Usage: without-keyring.py PROGRAM [ARGS...]"""
import ctypes
import os
import struct
import sys

AUDIT_ARCH_X86_64 = 0xC000003E
ADD_KEY, REQUEST_KEY, KEYCTL = 248, 249, 250
LOAD_WORD, JUMP_IF_EQUAL, RETURN = 0x20, 0x15, 0x06
ALLOW, ERRNO, EPERM = 0x7FFF0000, 0x00050000, 1


def instruction(code, jump_true, jump_false, value):
    return struct.pack("HBBI", code, jump_true, jump_false, value)


program = b"".join([
    instruction(LOAD_WORD, 0, 0, 4),                      # the architecture
    instruction(JUMP_IF_EQUAL, 0, 4, AUDIT_ARCH_X86_64),  # another one: allowed
    instruction(LOAD_WORD, 0, 0, 0),                      # the system call's number
    instruction(JUMP_IF_EQUAL, 3, 0, ADD_KEY),
    instruction(JUMP_IF_EQUAL, 2, 0, REQUEST_KEY),
    instruction(JUMP_IF_EQUAL, 1, 0, KEYCTL),
    instruction(RETURN, 0, 0, ALLOW),
    instruction(RETURN, 0, 0, ERRNO | EPERM),
])
buffer = ctypes.create_string_buffer(program)
fprog = struct.pack("HxxxxxxQ", len(program) // 8, ctypes.addressof(buffer))
fprog_buffer = ctypes.create_string_buffer(fprog)

libc = ctypes.CDLL(None, use_errno=True)
PR_SET_NO_NEW_PRIVS, PR_SET_SECCOMP, SECCOMP_MODE_FILTER = 38, 22, 2
if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 or \
        libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, fprog_buffer, 0, 0) != 0:
    sys.exit(f"without-keyring.py: seccomp: {os.strerror(ctypes.get_errno())}")
os.execvp(sys.argv[1], sys.argv[1:])
