-- The tdlog sync hub (issue 17): a PostgreSQL schema that holds exactly the signed bytes of
-- many tournament logs, and of what is derived from them only a count per chain (tdlog.chain,
-- below, so that what a sync asks costs what changed). The hub is not trusted: every device
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

-- Per log and signing key: the highest sequence number in tdlog.event and how many rows it
-- holds there, kept by the triggers below in the writer's own transaction. A sync's summary
-- ("what does the hub hold of each chain, with or without a hole") and the archive's list of
-- tournaments read one row per chain here instead of counting every row of the log, so what
-- they cost does not grow with the log. Derived from tdlog.event and no more trusted than the
-- hub: every answer the hub gives from it is checked by the device that reads it.
CREATE TABLE IF NOT EXISTS tdlog.chain (
    log_id  bytea  NOT NULL,
    author  bytea  NOT NULL,
    max_seq bigint NOT NULL,
    events  bigint NOT NULL,
    PRIMARY KEY (log_id, author)
);

CREATE OR REPLACE FUNCTION tdlog.chain_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    -- In key order, so two writers to the same chains lock them in the same order.
    INSERT INTO tdlog.chain AS c (log_id, author, max_seq, events)
    SELECT log_id, author, max(seq), count(*) FROM new_rows
    GROUP BY log_id, author ORDER BY log_id, author
    ON CONFLICT (log_id, author) DO UPDATE
    SET max_seq = greatest(c.max_seq, EXCLUDED.max_seq), events = c.events + EXCLUDED.events;
    RETURN NULL;
END $$;

-- Rows deleted or moved (by an operator's hand; the sync never does either): the chains
-- they touched are counted again from tdlog.event.
CREATE OR REPLACE FUNCTION tdlog.chain_recount(logs bytea[], authors bytea[])
RETURNS void LANGUAGE sql AS $$
    DELETE FROM tdlog.chain c USING unnest(logs, authors) AS t(log_id, author)
    WHERE c.log_id = t.log_id AND c.author = t.author;
    INSERT INTO tdlog.chain (log_id, author, max_seq, events)
    SELECT e.log_id, e.author, max(e.seq), count(*) FROM tdlog.event e
    WHERE (e.log_id, e.author) IN (SELECT * FROM unnest(logs, authors))
    GROUP BY e.log_id, e.author;
$$;

CREATE OR REPLACE FUNCTION tdlog.chain_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM tdlog.chain_recount(array_agg(log_id), array_agg(author))
    FROM (SELECT DISTINCT log_id, author FROM old_rows) t;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION tdlog.chain_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM tdlog.chain_recount(array_agg(log_id), array_agg(author))
    FROM (SELECT log_id, author FROM old_rows UNION SELECT log_id, author FROM new_rows) t;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION tdlog.chain_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM tdlog.chain;
    RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER event_chain_added AFTER INSERT ON tdlog.event
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tdlog.chain_added();
CREATE OR REPLACE TRIGGER event_chain_deleted AFTER DELETE ON tdlog.event
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tdlog.chain_deleted();
CREATE OR REPLACE TRIGGER event_chain_updated AFTER UPDATE ON tdlog.event
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION tdlog.chain_updated();
CREATE OR REPLACE TRIGGER event_chain_truncated AFTER TRUNCATE ON tdlog.event
    FOR EACH STATEMENT EXECUTE FUNCTION tdlog.chain_truncated();

-- A hub made before tdlog.chain existed: counted once from its rows (under the advisory lock
-- and a lock that holds writers off, `sync::hub::ensure_schema`).
INSERT INTO tdlog.chain (log_id, author, max_seq, events)
SELECT log_id, author, max(seq), count(*) FROM tdlog.event GROUP BY log_id, author
ON CONFLICT (log_id, author) DO NOTHING;

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
