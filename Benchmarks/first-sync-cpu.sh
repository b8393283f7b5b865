#!/usr/bin/env bash
# The first sync of a new machine from a sealed journal and from an unsealed one of the
# same N entries, on one hub of its own, taken in turn ROUNDS times. For each: wall time,
# the CPU time of jotter (GNU time) and of the hub's backend serving it (read from /proc
# while it runs), and jotter's peak memory. CPU time is what a loaded machine leaves
# comparable; Scripts/bench --sync times the same case with hyperfine on a quiet one.
#
#   Benchmarks/first-sync-cpu.sh JOTTER [N] [ROUNDS]
set -euo pipefail
jotter=$(realpath "$1"); entries=${2:-1000000}; rounds=${3:-3}
work=$(mktemp -d)
binaries=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
hub_folder=$(mktemp -d)
as_postgres=()
if [ "$(id -u)" -eq 0 ]; then chown postgres: "$hub_folder"; as_postgres=(runuser -u postgres --); fi
"${as_postgres[@]}" "$binaries/initdb" -D "$hub_folder/data" -U jotter_admin --auth=trust -E UTF8 --locale=C >/dev/null
"${as_postgres[@]}" "$binaries/pg_ctl" start -w -D "$hub_folder/data" -l "$hub_folder/server.log" \
    -o "-c listen_addresses='' -c unix_socket_directories='$hub_folder'" >/dev/null
trap '"${as_postgres[@]}" "$binaries/pg_ctl" stop -m fast -D "$hub_folder/data" >/dev/null; rm -rf "$hub_folder" "$work"' EXIT
psql -X -q -h "$hub_folder" -U jotter_admin -d postgres -c "CREATE DATABASE hub"
hub="host=$hub_folder dbname=hub user=jotter_admin"
export JOTTER_PASSPHRASE_COMMAND="echo bench passphrase"

# Runs jotter with ARGUMENTS and prints LABEL's line.
measured() {
    local label=$1 ticks backend="" last=0 started ended
    shift
    ticks=$(getconf CLK_TCK)
    started=$(date +%s.%N)
    /usr/bin/time -o "$work/time" -f "%U %S %M" "$jotter" "$@" >/dev/null 2>&1 &
    local runner=$!
    while kill -0 "$runner" 2>/dev/null; do
        [ -n "$backend" ] || backend=$(psql -X -h "$hub_folder" -U jotter_admin -d hub -Atc \
            "SELECT pid FROM pg_stat_activity WHERE application_name = 'jotter' LIMIT 1" 2>/dev/null || true)
        if [ -n "$backend" ] && [ -r "/proc/$backend/stat" ]; then
            last=$(awk '{ print $14 + $15 }' "/proc/$backend/stat" 2>/dev/null || echo "$last")
        fi
        sleep 0.2
    done
    wait "$runner"
    ended=$(date +%s.%N)
    read -r user system peak <"$work/time"
    python3 -c "print('%-14s wall %6.1f s  jotter cpu %6.1f s  hub cpu %5.1f s  peak %5.1f MiB' % ('$label', $ended - $started, $user + $system, $last / $ticks, $peak / 1024))"
}

seq -f "entry number %.0f with a few words" "$entries" >"$work/lines.txt"
for kind in unsealed sealed; do
    "$jotter" --store "$work/$kind.sqlite3" import "$work/lines.txt" >/dev/null
    "$jotter" --store "$work/$kind.sqlite3" remote set "--$kind" "$hub" --journal "$kind" >/dev/null 2>&1
    measured "push $kind" --store "$work/$kind.sqlite3" sync
done
for _ in $(seq "$rounds"); do
    for kind in sealed unsealed; do
        rm -f "$work"/first.sqlite3*
        "$jotter" --store "$work/first.sqlite3" remote set "$hub" --journal "$kind" >/dev/null 2>&1
        measured "first $kind" --store "$work/first.sqlite3" sync
    done
done
