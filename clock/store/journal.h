/* The durable journal: length- and checksum-framed records in one file. */
#ifndef POKERCLOCK_JOURNAL_H
#define POKERCLOCK_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>

enum { JOURNAL_MAX_RECORD = 1 << 20 };

typedef struct journal journal_t;

/* Called for each intact record in order; a non-zero return stops the read. */
typedef int (*journal_record_fn)(void *ctx, const char *payload, size_t len);

/* What the last journal_read could not read: stretches of damaged bytes
 * between intact records (each cost the records it held), and a torn tail. */
enum { JOURNAL_DAMAGE_KEPT = 16 };
typedef struct {
    long regions;                    /* damaged stretches between records */
    long total_bytes;                /* in all of them */
    long at[JOURNAL_DAMAGE_KEPT];    /* where the first ones start ... */
    long bytes[JOURNAL_DAMAGE_KEPT]; /* ... and how long they are */
    long tail_at, tail_bytes;        /* a torn or garbled end; 0 bytes: none */
} journal_damage_t;

/* Opens (creating as needed) DIR/journal. On failure returns NULL and says in
 * err what a person should fix ("cannot create /var/lib/pokerclock: ..."). */
journal_t *journal_open(const char *dir, char *err, size_t errlen);
/* Opens DIR/journal only to read it, for a pokerclock that shows the saved
 * tournament while another one writes it: nothing is ever created, cut or
 * written. NULL with err when there is no journal to read. */
journal_t *journal_open_readonly(const char *dir, char *err, size_t errlen);
void journal_free(journal_t *j);

/* Reads every intact record, in time linear in the file's size however it
 * is damaged. A damaged stretch between records is skipped (journal_damage
 * says where); a torn or corrupt tail is cut off the file and
 * reported in warn (""  when none); it is never an error. Returns the number
 * of records read, or -1 with err set when the file cannot be read. */
long journal_read(journal_t *j, journal_record_fn fn, void *ctx, char *warn, size_t warnlen);

/* Reads the intact records from byte `from` on (an offset journal_read
 * gave through journal_record_offset), skipping any damage silently and
 * cutting nothing: the second look at a journal journal_read has checked.
 * The records read, or -1 with warn. */
long journal_read_from(journal_t *j, long from, journal_record_fn fn, void *ctx, char *warn,
                       size_t warnlen);

/* What the last journal_read skipped. */
const journal_damage_t *journal_damage(const journal_t *j);
/* Inside a journal_record_fn: the byte of the file where that record starts. */
long journal_record_offset(const journal_t *j);
/* ... and the byte after it. */
long journal_record_end(const journal_t *j);

/* Appends one record (at most JOURNAL_MAX_RECORD bytes, never a 0x01 byte:
 * JSON text); with sync, returns only once it is on disk (fsync).
 * On failure (disk full, unwritable) nothing is appended and err says why. */
int journal_append(journal_t *j, const char *payload, size_t len, bool sync, char *err,
                   size_t errlen);

/* Replaces the whole journal atomically (write new file, fsync, rename) by
 * the given records. On failure the old journal is untouched. */
int journal_rewrite(journal_t *j, const char *const *payloads, const size_t *lens, size_t n,
                    char *err, size_t errlen);
/* Compaction: replaces the journal, the same way, by its own records from
 * byte `offset` (where a record starts) on. */
int journal_drop_before(journal_t *j, long offset, char *err, size_t errlen);

/* The end mark: a line kept beside the journal (DIR/journal-end), written
 * after a synced record says what the journal holds at least, so that a
 * journal later found shorter than that was cut short (the last records of
 * a card that lost them). Not synced itself: it may lag, never lead. */
int journal_set_mark(journal_t *j, const char *text, char *err, size_t errlen);
/* The mark's text into buf (at most len - 1 bytes); "" when there is none. */
void journal_mark(const journal_t *j, char *buf, size_t len);

/* Size of the journal file in bytes. */
long journal_size(const journal_t *j);

/* The kernel's boot id, to tell a process restart from a reboot. */
void journal_boot_id(char *buf, size_t len);

#endif
