// The reference for the prompt: single-row transactions through SQLite's C API into
// a copy of a jotter store, each committed durably (WAL, synchronous=FULL).
//   commit-loop FILE COUNT   COUNT entries, as fast as the library allows
//   commit-loop FILE         an entry for each line read from standard input, with a
//                            prompt before each: the least a prompt on a terminal can
//                            do, the kernel's own line editing and one write a line
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void check(int result, sqlite3 *db, const char *what) {
    if (result != SQLITE_OK && result != SQLITE_DONE) {
        fprintf(stderr, "commit-loop: %s: %s\n", what, sqlite3_errmsg(db));
        exit(1);
    }
}

int main(int argc, char **argv) {
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: commit-loop FILE [COUNT]\n");
        return 2;
    }
    int fromInput = argc == 2;
    int count = fromInput ? 0 : atoi(argv[2]);
    sqlite3 *db;
    check(sqlite3_open(argv[1], &db), db, "open");
    check(sqlite3_exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL", 0, 0, 0), db, "pragma");
    sqlite3_stmt *insert;
    check(sqlite3_prepare_v2(db,
                             "INSERT INTO node (parent, kind, text, created, created_offset) VALUES (NULL, 1, ?, ?, 0)",
                             -1, &insert, 0),
          db, "prepare");
    char text[4096];
    setvbuf(stdout, NULL, _IONBF, 0);
    for (int number = 1; fromInput || number <= count; number++) {
        if (fromInput) {
            fputs("/ \xe2\x80\xba ", stdout);
            if (!fgets(text, sizeof text, stdin)) break;
            text[strcspn(text, "\n")] = 0;
        } else {
            snprintf(text, sizeof text, "entry number %d", number);
        }
        struct timespec now;
        clock_gettime(CLOCK_REALTIME, &now);
        check(sqlite3_exec(db, "BEGIN IMMEDIATE", 0, 0, 0), db, "begin");
        sqlite3_bind_text(insert, 1, text, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(insert, 2, (sqlite3_int64)now.tv_sec * 1000 + now.tv_nsec / 1000000);
        check(sqlite3_step(insert), db, "insert");
        sqlite3_reset(insert);
        check(sqlite3_exec(db, "COMMIT", 0, 0, 0), db, "commit");
    }
    sqlite3_finalize(insert);
    return sqlite3_close(db) == SQLITE_OK ? 0 : 1;
}
