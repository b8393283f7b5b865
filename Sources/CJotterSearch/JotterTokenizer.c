#include "CJotterSearch.h"

#include <sqlite3.h>
#include <string.h>

// unicode61 decides what a word is and folds its case; this tokenizer only splits or
// doubles up the tokens it gives. One is created for each table that uses it.
typedef struct {
    fts5_tokenizer unicode61;
    Fts5Tokenizer *unicode61_instance;
} JotterTokenizer;

// A character of a unicode61 token: its folded bytes, which are what FTS5 stores, and
// the span of the original text it came from, which is what highlighting needs.
typedef struct {
    const char *folded;
    int folded_length;
    int start;
    int end;
    unsigned codepoint;
} Character;

// Walks a folded token and the text it came from, one character of each at a time.
typedef struct {
    const unsigned char *folded;
    int folded_at;
    int folded_end;
    const unsigned char *text;
    int text_at;
    int text_end;
    // unicode61 turns each character of the text into one folded character, so the two
    // walks keep in step. Were that ever not so, every part of the token is given the
    // whole token's span, which is still within it.
    int in_step;
} Cursor;

// One xTokenize call.
typedef struct {
    void *context;
    const char *text;
    int (*send_token)(void *context, int flags, const char *token, int length, int start, int end);
    int is_query;
    // In a document, the word a tag names shares the tag's position.
    int colocate_next;
    // In a query, the last character of a CJK run is sent only when another token
    // follows, to keep that token where documents have it: after the run's last
    // character, which a document holds at a position of its own. It is copied,
    // because unicode61 reuses its buffer for the next token.
    int has_pending;
    Character pending;
    char pending_bytes[4];
    // How many more tokens of a document go to FTS5 (see JOTTER_DOCUMENT_TOKENS).
    int document_tokens_left;
} Tokenization;

// FTS5 keeps every token of a document in memory until the document is indexed, many
// bytes for each different one, so a long entry of Chinese text took many times its own
// size. A document's words past this many tokens (some 300 KB of English, 25,000
// characters of Chinese) are not indexed, so that this memory stays small whatever one
// entry holds. The cut is the same each time a text is tokenized, so taking it out
// of the index takes out exactly what went in.
#define JOTTER_DOCUMENT_TOKENS 50000

// The same steps through UTF-8 as unicode61 takes: a lead byte with the continuation
// bytes after it, or any other byte alone.
static int character_end(const unsigned char *bytes, int at, int end) {
    int next = at + 1;
    if (bytes[at] >= 0xC0) {
        while (next < end && (bytes[next] & 0xC0) == 0x80) next++;
    }
    return next;
}

static int character_count(const unsigned char *bytes, int at, int end) {
    int count = 0;
    for (; at < end; at = character_end(bytes, at, end)) count++;
    return count;
}

static unsigned codepoint_of(const unsigned char *bytes, int at, int end) {
    unsigned value = bytes[at];
    if (value < 0xC0) return value;
    value &= value >= 0xF0 ? 0x07 : value >= 0xE0 ? 0x0F : 0x1F;
    for (int next = at + 1; next < end; next++) value = (value << 6) | (bytes[next] & 0x3F);
    return value;
}

// Han, Hiragana and Katakana, and Hangul: scripts written without spaces between words.
static int is_cjk(unsigned c) {
    return (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF)
        || (c >= 0x20000 && c <= 0x2FFFF) || (c >= 0x3040 && c <= 0x30FF) || (c >= 0x31F0 && c <= 0x31FF)
        || (c >= 0xFF66 && c <= 0xFF9F) || (c >= 0xAC00 && c <= 0xD7AF) || (c >= 0x1100 && c <= 0x11FF)
        || (c >= 0x3130 && c <= 0x318F);
}

static Cursor cursor_over(const char *folded, int folded_length, const char *text, int start, int end) {
    Cursor cursor = {(const unsigned char *)folded, 0, folded_length, (const unsigned char *)text, start, end, 0};
    cursor.in_step = character_count(cursor.folded, 0, folded_length) == character_count(cursor.text, start, end);
    return cursor;
}

static int next_character(Cursor *cursor, Character *character) {
    if (cursor->folded_at >= cursor->folded_end) return 0;
    int folded_next = character_end(cursor->folded, cursor->folded_at, cursor->folded_end);
    character->folded = (const char *)cursor->folded + cursor->folded_at;
    character->folded_length = folded_next - cursor->folded_at;
    character->codepoint = codepoint_of(cursor->folded, cursor->folded_at, folded_next);
    cursor->folded_at = folded_next;
    if (cursor->in_step) {
        character->start = cursor->text_at;
        cursor->text_at = character_end(cursor->text, cursor->text_at, cursor->text_end);
        character->end = cursor->text_at;
    } else {
        character->start = cursor->text_at;
        character->end = cursor->text_end;
    }
    return 1;
}

static int send(Tokenization *tokenization, int colocated, const char *token, int length, int start, int end) {
    if (!tokenization->is_query) {
        if (tokenization->document_tokens_left == 0) return SQLITE_OK;
        tokenization->document_tokens_left--;
    }
    if (tokenization->has_pending) {
        tokenization->has_pending = 0;
        const Character *pending = &tokenization->pending;
        int result = tokenization->send_token(tokenization->context, 0, pending->folded, pending->folded_length,
                                              pending->start, pending->end);
        if (result != SQLITE_OK) return result;
    }
    int flags = colocated || tokenization->colocate_next ? FTS5_TOKEN_COLOCATED : 0;
    tokenization->colocate_next = 0;
    return tokenization->send_token(tokenization->context, flags, token, length, start, end);
}

static int send_characters(Tokenization *tokenization, int colocated, const Character *first, const Character *last) {
    int length = (int)(last->folded + last->folded_length - first->folded);
    return send(tokenization, colocated, first->folded, length, first->start, last->end);
}

// A document gets each pair of characters with the first character at the same
// position, so that both two-character queries and one-character queries find it.
static int send_pair(Tokenization *tokenization, const Character *first, const Character *second) {
    int result = send_characters(tokenization, 0, first, second);
    if (result != SQLITE_OK || tokenization->is_query) return result;
    return send_characters(tokenization, 1, first, first);
}

static int finish_run(Tokenization *tokenization, int is_cjk_run, int length, const Character *first,
                      const Character *last) {
    if (is_cjk_run && length > 1 && tokenization->is_query
        && last->folded_length <= (int)sizeof tokenization->pending_bytes) {
        memcpy(tokenization->pending_bytes, last->folded, last->folded_length);
        tokenization->pending = *last;
        tokenization->pending.folded = tokenization->pending_bytes;
        tokenization->has_pending = 1;
        return SQLITE_OK;
    }
    return send_characters(tokenization, 0, is_cjk_run ? last : first, last);
}

// Sends the rest of the cursor's token: runs of CJK characters as pairs, the parts
// between them as they are.
static int split_scripts(Tokenization *tokenization, Cursor *cursor) {
    Character run_first, previous, current;
    int run_length = 0, run_is_cjk = 0;
    while (next_character(cursor, &current)) {
        int cjk = is_cjk(current.codepoint);
        int result = SQLITE_OK;
        if (run_length > 0 && cjk != run_is_cjk) {
            result = finish_run(tokenization, run_is_cjk, run_length, &run_first, &previous);
            run_length = 0;
        } else if (run_length > 0 && cjk) {
            result = send_pair(tokenization, &previous, &current);
        }
        if (result != SQLITE_OK) return result;
        if (run_length == 0) {
            run_first = current;
            run_is_cjk = cjk;
        }
        previous = current;
        run_length++;
    }
    return run_length > 0 ? finish_run(tokenization, run_is_cjk, run_length, &run_first, &previous) : SQLITE_OK;
}

// Receives each token from unicode61.
static int split_token(void *context, int flags, const char *token, int length, int start, int end) {
    (void)flags;
    Tokenization *tokenization = context;
    int hashes = 0;
    while (hashes < length && token[hashes] == '#') hashes++;
    // `#` alone, or `###` before a heading, names no tag and no word.
    if (hashes == length) return SQLITE_OK;
    Cursor cursor = cursor_over(token, length, tokenization->text, start, end);
    if (hashes > 0) {
        // A query's `#work` is the tag alone; a document's is also the word `work`.
        int result = send(tokenization, 0, token + hashes - 1, length - hashes + 1, start, end);
        if (result != SQLITE_OK || tokenization->is_query) return result;
        tokenization->colocate_next = 1;
        Character hash;
        for (int skipped = 0; skipped < hashes; skipped++) next_character(&cursor, &hash);
    }
    return split_scripts(tokenization, &cursor);
}

static int jotter_tokenize(Fts5Tokenizer *instance, void *context, int flags, const char *text, int length,
                           int (*send_token)(void *, int, const char *, int, int, int)) {
    JotterTokenizer *tokenizer = (JotterTokenizer *)instance;
    Tokenization tokenization = {.context = context, .send_token = send_token, .text = text,
                                 .is_query = (flags & FTS5_TOKENIZE_QUERY) != 0,
                                 .document_tokens_left = JOTTER_DOCUMENT_TOKENS};
    return tokenizer->unicode61.xTokenize(tokenizer->unicode61_instance, &tokenization, flags, text, length,
                                          split_token);
}

static void jotter_delete(Fts5Tokenizer *instance) {
    JotterTokenizer *tokenizer = (JotterTokenizer *)instance;
    if (tokenizer->unicode61_instance) tokenizer->unicode61.xDelete(tokenizer->unicode61_instance);
    sqlite3_free(tokenizer);
}

static int jotter_create(void *api_pointer, const char **arguments, int argument_count, Fts5Tokenizer **created) {
    (void)arguments;
    *created = 0;
    // Every table must split text the same way for its index to stay readable, so
    // there is nothing to choose.
    if (argument_count > 0) return SQLITE_ERROR;
    fts5_api *api = api_pointer;
    JotterTokenizer *tokenizer = sqlite3_malloc(sizeof *tokenizer);
    if (!tokenizer) return SQLITE_NOMEM;
    memset(tokenizer, 0, sizeof *tokenizer);
    void *unicode61_context = 0;
    int result = api->xFindTokenizer(api, "unicode61", &unicode61_context, &tokenizer->unicode61);
    if (result == SQLITE_OK) {
        // Diacritics are kept: `résumé` and `resume` are different words, and so are
        // many words in other languages that differ only by them.
        const char *unicode61_arguments[] = {"remove_diacritics", "0", "tokenchars", "#"};
        result = tokenizer->unicode61.xCreate(unicode61_context, unicode61_arguments, 4,
                                              &tokenizer->unicode61_instance);
    }
    if (result != SQLITE_OK) {
        jotter_delete((Fts5Tokenizer *)tokenizer);
        return result;
    }
    *created = (Fts5Tokenizer *)tokenizer;
    return SQLITE_OK;
}

int jotter_search_register(sqlite3 *db) {
    sqlite3_stmt *statement = 0;
    int result = sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, 0);
    if (result != SQLITE_OK) return result;
    fts5_api *api = 0;
    sqlite3_bind_pointer(statement, 1, &api, "fts5_api_ptr", 0);
    sqlite3_step(statement);
    result = sqlite3_finalize(statement);
    if (result != SQLITE_OK) return result;
    if (!api || api->iVersion < 2) return SQLITE_ERROR;
    static fts5_tokenizer jotter = {jotter_create, jotter_delete, jotter_tokenize};
    return api->xCreateTokenizer(api, "jotter", api, &jotter, 0);
}
