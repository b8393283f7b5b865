#!/usr/bin/env python3
"""Drives jotter's prompt under a pseudo-terminal, the way a person at a terminal does.

  prompt-feed.py entries COUNT [--line-mode] COMMAND...
      Types COUNT entries, each with Enter only once the prompt is back, then Ctrl-D:
      the run takes COUNT round trips from Enter to a durable entry and a new prompt.
      A prompt is back once the line editor holds the terminal; with --line-mode the
      program reads in the kernel's line mode, and its prompt alone is enough.

  prompt-feed.py alternate ROUNDS COUNT JSON COMMAND-A ::: [--line-mode] COMMAND-B
      Types COUNT entries into each command in turn, ROUNDS times, the order swapped
      every round, and writes the median time an entry took in a round (from the first
      prompt to the last, over COUNT) to JSON in the shape hyperfine exports. Side by
      side in time, so that what the machine's disk and other work do to one they do to
      the other.

  prompt-feed.py first-prompt RUNS JSON COMMAND-A ::: COMMAND-B
      Times from start to the first prompt for each command, alternating them RUNS
      times, and writes the medians to JSON in the shape hyperfine exports. Timed here
      rather than by hyperfine, so that this script's own start-up is not counted.
"""
import fcntl
import json
import os
import pty
import statistics
import struct
import sys
import termios
import time

PROMPT_END = "› ".encode()


def spawn(command):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.setdefault("TERM", "xterm")
        os.execvp(command[0], command)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return pid, fd


class Prompts:
    """Counts the prompts a child has shown, reading its output as it comes."""

    def __init__(self, fd, line_mode=False):
        self.fd = fd
        self.line_mode = line_mode
        self.seen = 0
        self.tail = b""

    def wait_for(self, count):
        while self.seen < count:
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                data = b""
            if not data:
                sys.exit(f"prompt-feed: the prompt ended after {self.seen} prompts, waiting for {count}")
            # A prompt can be split between two reads: keep the end of the last one.
            text = self.tail + data
            self.seen += text.count(PROMPT_END)
            self.tail = text[-(len(PROMPT_END) - 1):]
        # The prompt can show a moment before the line editor takes the terminal out of
        # line mode. A key typed within that moment is the kernel's to handle: Ctrl-D
        # becomes an end-of-file mark that reaches the editor as a NUL byte. A person
        # never types that fast; this script could, so it waits as the tests do.
        while not self.line_mode and termios.tcgetattr(self.fd)[3] & termios.ICANON:
            time.sleep(0.0001)

    def drain(self):
        while True:
            try:
                if not os.read(self.fd, 65536):
                    return
            except OSError:
                return


def finish(pid, fd, prompts):
    os.write(fd, b"\x04")
    prompts.drain()
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    if status != 0:
        sys.exit(f"prompt-feed: the prompt exited with status {status}")


def entries(count, command):
    """Types COUNT entries and returns the seconds from the first prompt to the last."""
    line_mode = command[0] == "--line-mode"
    if line_mode:
        command = command[1:]
    pid, fd = spawn(command)
    prompts = Prompts(fd, line_mode)
    prompts.wait_for(1)
    start = time.perf_counter()
    for number in range(1, count + 1):
        os.write(fd, f"entry number {number}\r".encode())
        prompts.wait_for(number + 1)
    elapsed = time.perf_counter() - start
    finish(pid, fd, prompts)
    return elapsed


def alternate(rounds, count, output, commands):
    times = [[] for _ in commands]
    for round in range(rounds):
        order = range(len(commands)) if round % 2 == 0 else reversed(range(len(commands)))
        for index in order:
            times[index].append(entries(count, commands[index]) / count)
    write_medians(output, commands, times)


def time_to_first_prompt(command):
    start = time.perf_counter()
    pid, fd = spawn(command)
    prompts = Prompts(fd)
    prompts.wait_for(1)
    elapsed = time.perf_counter() - start
    finish(pid, fd, prompts)
    return elapsed


def first_prompt(runs, output, commands):
    times = [[] for _ in commands]
    for _ in range(runs):
        for index, command in enumerate(commands):
            times[index].append(time_to_first_prompt(command))
    write_medians(output, commands, times)


def write_medians(output, commands, times):
    results = [{"command": " ".join(c), "median": statistics.median(t), "times": t} for c, t in zip(commands, times)]
    with open(output, "w") as file:
        json.dump({"results": results}, file)


def main():
    mode, arguments = sys.argv[1], sys.argv[2:]
    if mode == "entries":
        entries(int(arguments[0]), arguments[1:])
    elif mode == "alternate":
        split = arguments.index(":::")
        alternate(int(arguments[0]), int(arguments[1]), arguments[2], [arguments[3:split], arguments[split + 1:]])
    elif mode == "first-prompt":
        split = arguments.index(":::")
        first_prompt(int(arguments[0]), arguments[1], [arguments[2:split], arguments[split + 1:]])
    else:
        sys.exit(f"prompt-feed: unknown mode {mode}")


main()
