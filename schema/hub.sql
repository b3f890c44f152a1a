-- The tdlog sync hub (issue 17): a PostgreSQL schema that holds exactly the signed bytes of
-- many tournament logs, and nothing derived from them. The hub is not trusted: every device
-- verifies what it pulls with the same code as `tdlog merge` (docs/ARCHITECTURE.md, "Sync").
-- Applied by `tdlog sync` when the schema is missing (idempotent, under an advisory lock).
-- The key columns (log_id, author, seq, id) only file the bytes; a device recomputes them
-- from the bytes and refuses a row filed under a key that is not its own.

CREATE SCHEMA IF NOT EXISTS tdlog;

-- One row per signed event: `body` (the CBOR envelope), `sig` (Ed25519), `payload`
-- (canonical JSON), byte for byte as every device stores them. log_id is the genesis id
-- (the genesis is filed under its own id).
CREATE TABLE IF NOT EXISTS tdlog.event (
    log_id  bytea  NOT NULL CHECK (length(log_id) = 32),
    author  bytea  NOT NULL CHECK (length(author) = 32),
    seq     bigint NOT NULL CHECK (seq >= 1),
    id      bytea  NOT NULL CHECK (length(id) = 32),
    body    bytea  NOT NULL,
    sig     bytea  NOT NULL,
    payload bytea  NOT NULL,
    PRIMARY KEY (log_id, author, seq),
    UNIQUE (log_id, id)
);

-- A second signed event at a taken (author, seq): the proof that a key forked. Kept as the
-- device's own `fork_proof` table keeps it, so every device learns of the fork.
CREATE TABLE IF NOT EXISTS tdlog.fork_proof (
    log_id  bytea  NOT NULL CHECK (length(log_id) = 32),
    author  bytea  NOT NULL CHECK (length(author) = 32),
    seq     bigint NOT NULL CHECK (seq >= 1),
    id      bytea  NOT NULL CHECK (length(id) = 32),
    body    bytea  NOT NULL,
    sig     bytea  NOT NULL,
    payload bytea  NOT NULL,
    PRIMARY KEY (log_id, id)
);

-- Each device's newest signed head claim ("I hold these heads", src/sync/claim.rs): how a
-- device tells that the hub keeps back events another device pushed.
CREATE TABLE IF NOT EXISTS tdlog.head_claim (
    log_id bytea NOT NULL CHECK (length(log_id) = 32),
    device bytea NOT NULL CHECK (length(device) = 32),
    body   bytea NOT NULL,
    sig    bytea NOT NULL,
    PRIMARY KEY (log_id, device)
);

-- New events wake `tdlog sync --watch` (LISTEN tdlog_events; the payload is the log id in
-- hex). One notification per log and statement, whoever writes.
CREATE OR REPLACE FUNCTION tdlog.notify_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('tdlog_events', l)
    FROM (SELECT DISTINCT encode(log_id, 'hex') AS l FROM new_rows) AS logs;
    RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER event_notify AFTER INSERT ON tdlog.event
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tdlog.notify_events();
CREATE OR REPLACE TRIGGER fork_proof_notify AFTER INSERT ON tdlog.fork_proof
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tdlog.notify_events();
