-- tdlog tournament log, schema version 2. This file is what the code runs
-- (src/log/store.rs includes it); `PRAGMA user_version` is the schema version and
-- `PRAGMA application_id` = 0x54444C47 ("TDLG") marks the file as a tdlog log.
-- Every open compares the file's sqlite_master with what this file creates, SQL text
-- included (src/log/store/schema_check.rs): changing a CREATE statement here, even its
-- spacing, makes existing logs unreadable. Comments between statements are free.
--
-- Only signed facts are stored. Every column of every row is covered by verification:
-- `body` and `sig` by the Ed25519 signature, `payload` by the payload hash in the body,
-- `id` by SHA-256(body || sig), `author` and `seq` by comparison with the body.
-- Scores, rankings and appeal states are never stored: they are replayed.
--
-- Version 2 differs from version 1 (schema/log-v1.sql, still read and written) in one
-- thing: the index that keeps ids unique is declared on its own (event_id) instead of by a
-- UNIQUE on the column. Same rows, same constraint; but an index of its own can be dropped
-- and built again, sorted, inside the transaction of a join that writes a whole log, where
-- a column's index is kept row by row at random places (issue 32: a million ids).

PRAGMA application_id = 1413762119;
PRAGMA user_version = 2;

-- One row per signed event. At most one event per (author, seq); a second, different
-- event at the same place goes to fork_proof.
CREATE TABLE event (
    author  BLOB    NOT NULL CHECK (length(author) = 32),
    seq     INTEGER NOT NULL CHECK (seq >= 1),
    id      BLOB    NOT NULL CHECK (length(id) = 32),
    body    BLOB    NOT NULL,
    sig     BLOB    NOT NULL,
    payload BLOB    NOT NULL,
    PRIMARY KEY (author, seq)
) STRICT, WITHOUT ROWID;

-- No two events with one id (an id is the hash of the signed bytes).
CREATE UNIQUE INDEX event_id ON event (id);

-- Proof of equivocation: a validly signed event whose (author, seq) is already taken in
-- `event` by a different event. Kept for the chief TD's ruling (key.fork_resolved).
CREATE TABLE fork_proof (
    id      BLOB    NOT NULL PRIMARY KEY CHECK (length(id) = 32),
    author  BLOB    NOT NULL CHECK (length(author) = 32),
    seq     INTEGER NOT NULL CHECK (seq >= 1),
    body    BLOB    NOT NULL,
    sig     BLOB    NOT NULL,
    payload BLOB    NOT NULL
) STRICT, WITHOUT ROWID;

-- Append-only: these stop accidents. Tamper evidence comes from the signatures.
CREATE TRIGGER event_no_update BEFORE UPDATE ON event
BEGIN SELECT RAISE(ABORT, 'tdlog: events are append-only (UPDATE refused)'); END;
CREATE TRIGGER event_no_delete BEFORE DELETE ON event
BEGIN SELECT RAISE(ABORT, 'tdlog: events are append-only (DELETE refused)'); END;
CREATE TRIGGER fork_proof_no_update BEFORE UPDATE ON fork_proof
BEGIN SELECT RAISE(ABORT, 'tdlog: fork proofs are append-only (UPDATE refused)'); END;
CREATE TRIGGER fork_proof_no_delete BEFORE DELETE ON fork_proof
BEGIN SELECT RAISE(ABORT, 'tdlog: fork proofs are append-only (DELETE refused)'); END;
