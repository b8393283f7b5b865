#!/usr/bin/env python3
"""Runs a command and reports, as JSON on stdout, when its first byte of output came,
when it ended, and its peak resident memory: whether a listing streams, and how much
memory a command needs, measured the same way for every command.

  stream-probe.py COMMAND...
"""
import json
import os
import subprocess
import sys
import time

start = time.perf_counter()
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
first = None
while True:
    chunk = child.stdout.read1(1 << 16)
    if not chunk:
        break
    if first is None:
        first = time.perf_counter() - start
_, status, usage = os.wait4(child.pid, 0)
total = time.perf_counter() - start
if status != 0:
    sys.exit(f"stream-probe: {sys.argv[1]} exited with status {status}")
json.dump({"first_ms": None if first is None else first * 1000, "total_ms": total * 1000,
           "peak_kib": usage.ru_maxrss}, sys.stdout)
