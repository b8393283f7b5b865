"""Writes the same entries twice, as `task export` writes them and as jotter's own
jsonl, for the benchmark of the Taskwarrior import against jotter's jsonl import:
    python3 Benchmarks/taskwarrior-export.py COUNT TASKS.json ENTRIES.jsonl
Each task has a uuid, a description with a tag, its entry and modified times, a
priority and a status, as most tasks do; the jsonl entries carry the same ids, texts,
times and field. Made here rather than with `task`, which takes minutes for this many."""
import json
import sys
import uuid
from datetime import datetime, timedelta, timezone

count, tasks_path, entries_path = int(sys.argv[1]), sys.argv[2], sys.argv[3]
start = datetime(2026, 1, 1, tzinfo=timezone.utc)
generator = uuid.UUID(int=0x1234)
with open(tasks_path, "w") as tasks, open(entries_path, "w") as entries:
    tasks.write("[\n")
    for number in range(count):
        task_id = str(uuid.uuid5(generator, str(number)))
        entered = start + timedelta(seconds=number * 61)
        modified = entered + timedelta(seconds=30)
        description = f"task number {number} with a few words"
        priority = "HML"[number % 3]
        task = {"id": number + 1, "description": description, "entry": entered.strftime("%Y%m%dT%H%M%SZ"),
                "modified": modified.strftime("%Y%m%dT%H%M%SZ"), "priority": priority, "status": "pending",
                "uuid": task_id, "tags": ["bench"], "urgency": 1.8}
        tasks.write(json.dumps(task, separators=(",", ":")) + (",\n" if number + 1 < count else "\n"))
        entry = {"id": task_id, "kind": "item", "text": description + " #bench", "parent": None,
                 "created": entered.strftime("%Y-%m-%dT%H:%M:%S.000+00:00"),
                 "updated": modified.strftime("%Y-%m-%dT%H:%M:%S.000+00:00"), "fields": {"priority": priority}}
        entries.write(json.dumps(entry, separators=(",", ":"), ensure_ascii=False) + "\n")
    tasks.write("]\n")
