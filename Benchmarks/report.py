#!/usr/bin/env python3
"""The table of Scripts/bench, from the measurements it left in its work folder.

  report.py WORK RUNS IMPORT LIST PROMPT SCALE-ITEMS SCALE-LISTS MEMORY-LINES PEERS TASKS SYNC-CHANGES
            FIRST-SYNC [PEER-CASE...]
      prints the table (Markdown, readable as it is on a terminal)
  report.py --sync WORK RUNS LIST SYNC-CHANGES FIRST-SYNC
      prints the rows of sync alone (Scripts/bench --sync)
  report.py --write FILE TABLE
      puts TABLE, with the date and the machine, between the markers of FILE
"""
import datetime
import json
import os
import platform
import subprocess
import sys

START, END = "<!-- bench:start -->", "<!-- bench:end -->"
PEERS = {"task": ("Taskwarrior", "task"), "todo": ("todo.txt", "todo-txt"), "jrnl": ("jrnl", "jrnl")}


def medians(work, name):
    with open(f"{work}/{name}.json") as file:
        results = json.load(file)["results"]
    return results[0]["median"] * 1000, results[1]["median"] * 1000


def verdict(ratio, bar):
    if bar is None:
        return "-", ""
    return f"≤ {bar:.1f}x", "ok" if ratio <= bar else "**over**"


def row(label, ours, theirs, reference, bar, per=1):
    ratio = ours / theirs
    bar_text, mark = verdict(ratio, bar)
    return f"| {label} | {ours / per:.2f} ms | {theirs / per:.2f} ms {reference} | {ratio:.2f}x | {bar_text} | {mark} |"


def memory_row(work, name, label):
    with open(f"{work}/{name}.json") as file:
        probe = json.load(file)
    peak = probe["peak_kib"] / 1024
    detail = f"peak {peak:.1f} MiB, {probe['total_ms']:.0f} ms"
    if probe["first_ms"] is not None:
        detail += f", first line out at {probe['first_ms']:.0f} ms"
    return f"| {label}: memory | {detail} | | | < 64 MiB | {'ok' if peak < 64 else '**over**'} |"


def rebase_row(work):
    with open(f"{work}/rebase-ops.txt") as file:
        local, remote, pulled = (int(value) for value in file.read().split())
    return row(f"sync rebasing {local:,} changes not sent over {remote:,} operations not pulled",
               *medians(work, "sync-rebase"), f"(jotter, a new store pulling the {pulled:,} operations of the journal after it)",
               2.0)


def race_row(work):
    """Two machines adding and syncing at once: what each acknowledged, holds and landed."""
    with open(f"{work}/race.json") as file:
        race = json.load(file)
    counts, made, held = {}, set(), {}
    for name in ("a", "b"):
        with open(f"{work}/race-{name}.counts") as file:
            counts[name] = [int(value) for value in file.read().split()]
        with open(f"{work}/race-{name}.made") as file:
            made |= {line.rstrip("\n") for line in file if line.strip()}
        with open(f"{work}/race-{name}.jsonl") as file:
            held[name] = {entry["text"] for entry in map(json.loads, file) if entry.get("kind") == "item"}
    lost = {name: len(made - held[name]) for name in held}
    detail = "; ".join(
        f"{name}: {added:,} adds, {acknowledged:,} operations acknowledged, {landed:,} syncs landed"
        f" ({failed} failed), holds {len(held[name]):,} entries, lacks {lost[name]}"
        for name, (added, acknowledged, landed, failed) in counts.items())
    landed_a, landed_b = counts["a"][2], counts["b"][2]
    ratio = f"{max(landed_a, landed_b) / min(landed_a, landed_b):.2f}x" if min(landed_a, landed_b) else "-"
    quiet = race["quiet_after_rounds"]
    settled = f"quiet after {quiet} rounds of syncs" if quiet is not None else "**not quiet after 20 rounds**"
    met = sum(lost.values()) == 0 and min(landed_a, landed_b) > 0 and quiet is not None
    return (f"| two machines adding and syncing at once for {race['seconds']} s | {detail}; {settled} |"
            f" ({len(made):,} entries made in all) | {ratio} (syncs landed, more to fewer) |"
            f" nothing lost, both land | {'ok' if met else '**over**'} |")


def sync_rows(work, list_items, changes, first_sync):
    hub = "on the same hub"
    return [
        row("sync with nothing new", *medians(work, "sync-idle"), f"(psql -c 'select 1' {hub})", 2.0),
        row(f"sync pushing {changes:,} new entries", *medians(work, "sync-push"),
            "(psql \\copy of the same rows into a table like the hub's)", 2.0),
        row(f"sync pulling {changes:,} entries of another machine", *medians(work, "sync-pull"),
            "(psql COPY of the same rows out of the hub)", 2.0),
        rebase_row(work),
        race_row(work),
        row(f"first sync of a new machine, {first_sync:,} entries", *medians(work, "sync-first"),
            "(jotter import of the same entries as jsonl)", 2.0),
        memory_row(work, "memory-sync-first", f"first sync of {first_sync:,} entries"),
        row(f"sync of one new entry, store and hub of {first_sync:,} entries", *medians(work, "sync-scale"),
            "(jotter, a store of one entry on an empty hub)", 1.2),
        row(f"one-shot add, store of {list_items:,} items that syncs", *medians(work, "add-synced"),
            "(sqlite3 INSERT)", 1.3),
        row(f"sealed: sync pushing {changes:,} new entries", *medians(work, "sync-push-sealed"),
            "(the same, unsealed)", 1.2),
        row(f"sealed: sync pulling {changes:,} entries", *medians(work, "sync-pull-sealed"), "(the same, unsealed)", 1.2),
        row(f"sealed: first sync of a new machine, {first_sync:,} entries", *medians(work, "sync-first-sealed"),
            "(the same, unsealed)", 1.3),
        memory_row(work, "memory-sync-first-sealed", f"sealed: first sync of {first_sync:,} entries"),
        row(f"sealed: one-shot add, store of {list_items:,} items that syncs", *medians(work, "add-synced-sealed"),
            "(the same, syncing unsealed)", 1.1),
    ]


def sync_table(arguments):
    work, runs = arguments[0], int(arguments[1])
    list_items, changes, first_sync = (int(value) for value in arguments[2:5])
    lines = ["| case | jotter | reference | ratio | bar | |", "|---|---|---|---|---|---|"]
    lines.append(row(f"one-shot add, store of {list_items:,} items", *medians(work, "add"), "(sqlite3 INSERT)", 1.3))
    lines += sync_rows(work, list_items, changes, first_sync)
    return "\n".join(lines)


def table(arguments):
    work, runs = arguments[0], int(arguments[1])
    import_lines, list_items, prompt_entries, scale_items, scale_lists, memory_lines, peer_entries, tasks, \
        sync_changes, first_sync = (int(value) for value in arguments[2:12])
    peer_cases = arguments[12:]
    lines = ["| case | jotter | reference | ratio | bar | |", "|---|---|---|---|---|---|"]
    lines.append(row(f"one-shot add, store of {list_items:,} items", *medians(work, "add"), "(sqlite3 INSERT)", 1.3))
    lines.append(row(f"list {list_items:,} items (tsv)", *medians(work, "list"), "(sqlite3 SELECT)", 1.5))
    with open(f"{work}/hook-add.json") as file:
        hooked, unhooked, shell = (result["median"] * 1000 for result in json.load(file)["results"])
    lines.append(row("one-shot add, one before hook of true", hooked, unhooked + shell,
                     f"(add with no hook {unhooked:.2f} ms + sh -c true {shell:.2f} ms)", 1.2))
    lines.append(row(f"import {import_lines:,} lines", *medians(work, "import"),
                     "(sqlite3 .import, one-column table)", 1.5))
    lines.append(row(f"import {import_lines:,} lines, same table", *medians(work, "import-same"),
                     "(sqlite3 into jotter's table)", None))
    lines.append(row(f"import {tasks:,} Taskwarrior tasks", *medians(work, "import-taskwarrior"),
                     "(jotter, the same entries as jsonl)", 1.5))
    lines.append(row(f"Enter to durable commit, per entry of {prompt_entries:,}", *medians(work, "prompt"),
                     "(C loop committing lines read from a terminal)", 1.2))
    lines.append(row("the same, against SQLite alone", *medians(work, "prompt-bare"),
                     "(C loop, no terminal)", None, per=prompt_entries))
    scale = f"{scale_items:,} items in {scale_lists:,} lists"
    lines.append(row(f"add, store of {scale}", *medians(work, "scale-add"), "(jotter, a store of one list)", 1.2))
    lines.append(row(f"list one list of {scale_items // scale_lists}, same store", *medians(work, "scale-list"),
                     "(jotter, a store of one list)", 1.2))
    lines.append(row("first prompt shown, same store", *medians(work, "first-prompt"),
                     "(jotter, a store of one list)", 1.5))
    for name, label, bar in (("find", "find a word 100 items hold, same store", 50),
                             ("log-day", "log --on one day, same store", 50),
                             ("undo-import", "undo an import of 100,000 lines, same store", 2000)):
        with open(f"{work}/{name}.json") as file:
            ours = json.load(file)["results"][0]["median"] * 1000
        lines.append(f"| {label} | {ours:.2f} ms | | | < {bar:,} ms | {'ok' if ours < bar else '**over**'} |")
    plain = "(jotter, the plain store it was copied from)"
    lines.append(row(f"one-shot add, encrypted store of {list_items:,} items", *medians(work, "add-encrypted"),
                     plain, 1.3))
    lines.append(row(f"list {list_items:,} items (tsv), encrypted store", *medians(work, "list-encrypted"), plain, 1.5))
    lines.append(row(f"import {import_lines:,} lines, encrypted store", *medians(work, "import-encrypted"),
                     "(jotter, a plain store)", 1.5))
    lines.append(row("find a word 100 items hold, encrypted copy", *medians(work, "find-encrypted"), plain, 1.5))
    first, cached = medians(work, "first-open")
    lines.append(row("first open of an encrypted store, passphrase command", first, cached,
                     f"(the same list, key cached; {first - cached:.0f} ms more: the passphrase command and "
                     "PBKDF2, 256,000 rounds)", None))
    for name, label in (("memory-import", f"import {memory_lines:,} lines"),
                        ("memory-list", f"list {import_lines:,} items (tsv)")):
        lines.append(memory_row(work, name, label))
    lines += sync_rows(work, list_items, sync_changes, first_sync)
    for case in peer_cases:
        _, tool, verb = case.split("-")
        name, command = PEERS[tool]
        lines.append(row(f"{verb}, {peer_entries:,} entries, vs {name}", *medians(work, case),
                         f"({command} {verb})", 1.0))
    lines.append("")
    lines.append(f"Medians of {runs} runs a case (fewer for imports, find, log, undo, the first open, the prompt "
                 "and peers), side by side; memory is peak resident size.")
    return "\n".join(lines)


def machine():
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    memory = next(int(line.split()[1]) for line in open("/proc/meminfo") if line.startswith("MemTotal"))
    sqlite = subprocess.run(["sqlite3", "--version"], capture_output=True, text=True).stdout.split()[0]
    # jotter links the SQLCipher whose development files are installed; the sqlite3
    # shell and the C loop are Debian's SQLite.
    sqlcipher = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "libsqlcipher-dev"],
                               capture_output=True, text=True).stdout.split("-")[0]
    return (f"{cpu}, {os.cpu_count()} cores, {memory / 1024 / 1024:.0f} GiB, Linux {platform.release()}; "
            f"jotter on SQLCipher {sqlcipher}, the references on SQLite {sqlite}")


def write(path, measured):
    with open(path) as file:
        text = file.read()
    before, _, rest = text.partition(START)
    _, _, after = rest.partition(END)
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    block = f"{START}\nMeasured {date} on {machine()}.\n\n{measured}\n{END}"
    with open(path, "w") as file:
        file.write(before + block + after)


if sys.argv[1] == "--write":
    write(sys.argv[2], sys.argv[3])
elif sys.argv[1] == "--sync":
    print(sync_table(sys.argv[2:]))
else:
    print(table(sys.argv[1:]))
