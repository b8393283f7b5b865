// SQLCipher's header declares sqlite3_key and sqlite3_rekey only under this name.
#define SQLITE_HAS_CODEC 1
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot import.
static inline sqlite3_destructor_type jotter_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

// sqlite3_db_config is variadic, which Swift cannot call.
static inline int jotter_sqlite_no_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

// Turns the triggers of the main schema on or off (TEMP triggers stay): statements
// prepared since are made without them (SQLite makes the prepared ones again).
static inline int jotter_sqlite_enable_main_triggers(sqlite3 *db, int enabled) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, enabled, (int *)0);
}
