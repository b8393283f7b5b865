#ifndef JOTTER_SEARCH_H
#define JOTTER_SEARCH_H

// Declared, not included: this header also reaches Swift, where sqlite3.h belongs to
// CSQLite alone.
struct sqlite3;

// Registers the FTS5 tokenizer `jotter` on `db`, for tables created with
// tokenize='jotter'. unicode61 finds the words and folds their case; `jotter` then
// keeps `#tag` as one token (with the word it names at the same position) and splits
// Chinese, Japanese and Korean text, which has no spaces, into overlapping pairs of
// characters. Returns an SQLite result code.
int jotter_search_register(struct sqlite3 *db);

#endif
