//! IO edge: the hub's PostgreSQL tables (`schema/hub.sql`) through the synchronous
//! `postgres` client. Only moves bytes: what the hub serves is checked by `sync::plan` and
//! verified by the log's merge before anything is stored locally.
//!
//! Why the synchronous client: `tdlog sync` does one thing at a time (push, pull, wait), and
//! `postgres::Client::notifications()` delivers LISTEN/NOTIFY with a timeout on its own, so
//! `--watch` needs no async runtime (the pitfall of tokio-postgres, where notifications only
//! arrive through `Connection::poll_message`, does not arise).

use super::claim::SignedClaim;
use super::plan::{Row, Served, Summary};
use super::{Phase, SyncError};
use crate::log::{Hash32, RawEvent};
use postgres::binary_copy::BinaryCopyInWriter;
use postgres::fallible_iterator::FallibleIterator;
use postgres::types::Type;
use postgres::{Client, IsolationLevel, NoTls};
use std::collections::HashSet;
use std::time::Duration;

const SCHEMA_SQL: &str = include_str!("../../schema/hub.sql");
/// The channel `schema/hub.sql`'s triggers notify.
pub const CHANNEL: &str = "tdlog_events";

/// A connection to the hub.
pub struct Hub {
    client: Client,
    /// Where it is, without credentials (for messages).
    pub target: String,
}

/// What a pull read besides its rows (which go to the caller batch by batch): the head
/// claims, read first in the same snapshot, and the chains asked for.
#[derive(Debug, Default)]
pub struct Pulled {
    pub claims: Vec<SignedClaim>,
    pub asked: Vec<(Hash32, u64)>,
}

/// What [`Hub::pull_each`] hands each batch to: the rows, the head claims read first, the
/// rows served so far and the total asked for.
pub type EachBatch<'a> =
    dyn FnMut(Vec<Served>, &[SignedClaim], u64, u64) -> Result<(), SyncError> + 'a;

/// One tournament on the hub.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct HubLog {
    pub log_id: Hash32,
    pub events: u64,
    pub authors: u64,
}

/// A served row from its columns: `author, seq, id, body, sig, payload`, or without the
/// author column when the query asked for one author's chain (`author` is then that one).
fn served(row: &postgres::Row, author: Option<Hash32>) -> Result<Served, SyncError> {
    let (author, at) = match author {
        Some(a) => (a, 0),
        None => (h32(row.get(0))?, 1),
    };
    Ok(Served {
        author,
        seq: row.get::<_, i64>(at) as u64,
        id: h32(row.get(at + 1))?,
        raw: RawEvent {
            body: row.get(at + 2),
            sig: row.get(at + 3),
            payload: row.get(at + 4),
        },
    })
}

fn h32(v: Vec<u8>) -> Result<Hash32, SyncError> {
    v.try_into()
        .map(Hash32)
        .map_err(|_| SyncError::Malformed("a key column is not 32 bytes".into()))
}

impl Hub {
    /// Connects (TLS as `cfg.tls` asks, `sync::tls`; never over a unix socket) and creates
    /// the schema if missing.
    pub fn connect(cfg: &super::conn::HubConfig) -> Result<Hub, SyncError> {
        let client = if cfg.is_socket() {
            let mut c = cfg.config.clone();
            c.ssl_mode(postgres::config::SslMode::Disable);
            c.connect(NoTls).map_err(SyncError::hub)?
        } else {
            let tls = super::tls::connector(&cfg.tls)?;
            cfg.config.connect(tls).map_err(|e| {
                match super::tls::explain(&e, &cfg.tls, &cfg.host()) {
                    Some(why) => SyncError::Tls(why),
                    None => SyncError::hub(e),
                }
            })?
        };
        let mut hub = Hub {
            client,
            target: cfg.target.clone(),
        };
        hub.ensure_schema()?;
        Ok(hub)
    }

    /// Applies `schema/hub.sql` unless the tables are there (under an advisory lock, so
    /// devices starting together do not race).
    pub fn ensure_schema(&mut self) -> Result<(), SyncError> {
        let present: bool = self
            .client
            .query_one(
                "SELECT to_regclass('tdlog.head_claim') IS NOT NULL AND to_regclass('tdlog.fork_proof') IS NOT NULL AND to_regclass('tdlog.chain') IS NOT NULL",
                &[],
            )
            .map_err(SyncError::hub)?
            .get(0);
        if present {
            return Ok(());
        }
        let mut tx = self.client.transaction().map_err(SyncError::hub)?;
        tx.execute("SELECT pg_advisory_xact_lock(74172026)", &[])
            .map_err(SyncError::hub)?;
        // A hub of an earlier version: its rows are counted into tdlog.chain while no one
        // writes (the schema's last statements), so no push falls between count and trigger.
        let older: bool = tx
            .query_one("SELECT to_regclass('tdlog.event') IS NOT NULL", &[])
            .map_err(SyncError::hub)?
            .get(0);
        if older {
            tx.batch_execute("LOCK TABLE tdlog.event IN SHARE ROW EXCLUSIVE MODE")
                .map_err(SyncError::hub)?;
        }
        tx.batch_execute(SCHEMA_SQL).map_err(SyncError::hub)?;
        tx.commit().map_err(SyncError::hub)
    }

    /// The server process of this connection (tests cut it off to simulate a dropped line).
    pub fn backend_pid(&mut self) -> Result<i32, SyncError> {
        Ok(self
            .client
            .query_one("SELECT pg_backend_pid()", &[])
            .map_err(SyncError::hub)?
            .get(0))
    }

    /// Whether this connection is encrypted (the server's own view, `pg_stat_ssl`).
    pub fn tls_in_use(&mut self) -> Result<bool, SyncError> {
        Ok(self
            .client
            .query_one(
                "SELECT coalesce((SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()), false)",
                &[],
            )
            .map_err(SyncError::hub)?
            .get(0))
    }

    pub fn is_closed(&self) -> bool {
        self.client.is_closed()
    }

    /// What the hub holds of `log_id`.
    pub fn summary(&mut self, log_id: &Hash32) -> Result<Summary, SyncError> {
        summary_in(&mut self.client, log_id)
    }

    /// Pushes `rows` (causal order) in transactions of `batch` rows: a row at a taken
    /// (author, seq) becomes a fork proof, one already there is skipped. Each batch is
    /// committed on its own, so a cut line loses at most the batch in flight.
    pub fn push(
        &mut self,
        log_id: &Hash32,
        rows: &[&Row],
        batch: usize,
        progress: &mut super::ProgressFn<'_>,
    ) -> Result<u64, SyncError> {
        let total = rows.len() as u64;
        let mut done = 0u64;
        let mut added = 0u64;
        for chunk in rows.chunks(batch.max(1)) {
            if !progress(Phase::Push, done, total) {
                return Err(SyncError::Interrupted);
            }
            let mut tx = self.client.transaction().map_err(SyncError::hub)?;
            // Straight into the event table: every row is new unless another device pushed
            // the same ones meanwhile, or one is a fork (a taken place). Either way the COPY
            // fails as a whole, is rolled back to the savepoint, and the batch goes through
            // a temporary table with conflict handling instead.
            let direct = {
                let mut sp = tx.savepoint("direct").map_err(SyncError::hub)?;
                match copy_rows(&mut sp, "tdlog.event", log_id, chunk) {
                    Ok(()) => {
                        sp.commit().map_err(SyncError::hub)?;
                        true
                    }
                    Err(e) if e.code() == Some(&postgres::error::SqlState::UNIQUE_VIOLATION) => {
                        sp.rollback().map_err(SyncError::hub)?;
                        false
                    }
                    Err(e) => return Err(SyncError::hub(e)),
                }
            };
            if direct {
                added += chunk.len() as u64;
            } else {
                tx.batch_execute(
                    "CREATE TEMP TABLE IF NOT EXISTS tdlog_push (LIKE tdlog.event) ON COMMIT DELETE ROWS",
                )
                .map_err(SyncError::hub)?;
                copy_rows(&mut tx, "tdlog_push", log_id, chunk).map_err(SyncError::hub)?;
                added += tx
                    .execute(
                        "INSERT INTO tdlog.event SELECT * FROM tdlog_push ORDER BY author, seq ON CONFLICT DO NOTHING",
                        &[],
                    )
                    .map_err(SyncError::hub)?;
                tx.execute(
                    "INSERT INTO tdlog.fork_proof (log_id, author, seq, id, body, sig, payload)
                     SELECT p.log_id, p.author, p.seq, p.id, p.body, p.sig, p.payload FROM tdlog_push p
                     JOIN tdlog.event e ON e.log_id = p.log_id AND e.author = p.author AND e.seq = p.seq
                     WHERE e.id <> p.id ON CONFLICT DO NOTHING",
                    &[],
                )
                .map_err(SyncError::hub)?;
            }
            tx.commit().map_err(SyncError::hub)?;
            done += chunk.len() as u64;
        }
        progress(Phase::Push, done, total);
        Ok(added)
    }

    /// Reads, in one repeatable-read snapshot, the head claims of `log_id` (first: a claim
    /// only names events committed before it), then the events above `local`'s chains and
    /// every row at a forked (author, seq) this device does not hold, handing each batch of
    /// rows to `each` (with the head claims, the rows served so far and the total asked for)
    /// as it arrives: a round collects them, a joining device checks and writes one batch
    /// while the next is on its way. The fork rows come last.
    pub fn pull_each(
        &mut self,
        log_id: &Hash32,
        local: &Summary,
        have: &HashSet<Hash32>,
        batch: usize,
        progress: &mut super::ProgressFn<'_>,
        each: &mut EachBatch<'_>,
    ) -> Result<Pulled, SyncError> {
        let mut tx = self
            .client
            .build_transaction()
            .isolation_level(IsolationLevel::RepeatableRead)
            .read_only(true)
            .start()
            .map_err(SyncError::hub)?;
        let mut out = Pulled::default();
        for row in tx
            .query(
                "SELECT device, body, sig FROM tdlog.head_claim WHERE log_id = $1 ORDER BY device",
                &[&log_id.0.as_slice()],
            )
            .map_err(SyncError::hub)?
        {
            out.claims.push(SignedClaim {
                device: h32(row.get(0))?,
                body: row.get(1),
                sig: row.get(2),
            });
        }
        let hub = summary_in(&mut tx, log_id)?;
        out.asked = super::plan::to_pull(local, &hub);
        let total: u64 = out
            .asked
            .iter()
            .map(|(a, from)| hub.max_seq.get(a).copied().unwrap_or(0) - from)
            .sum();
        let mut done = 0u64;
        // Forks: both sides at every forked (author, seq), as the hub files them. Read
        // first (the same snapshot), so the chain rows served at those places are known
        // and not handed over twice; handed over after the chains.
        let mut fork_rows = Vec::new();
        for row in tx
            .query(
                "SELECT author, seq, id, body, sig, payload FROM tdlog.fork_proof WHERE log_id = $1
                 UNION ALL
                 SELECT e.author, e.seq, e.id, e.body, e.sig, e.payload FROM tdlog.event e
                 WHERE e.log_id = $1 AND (e.author, e.seq) IN
                   (SELECT author, seq FROM tdlog.fork_proof WHERE log_id = $1)",
                &[&log_id.0.as_slice()],
            )
            .map_err(SyncError::hub)?
        {
            fork_rows.push(served(&row, None)?);
        }
        let forked: HashSet<(Hash32, u64)> = fork_rows.iter().map(|s| (s.author, s.seq)).collect();
        let mut served_at_forks: HashSet<Hash32> = HashSet::new();
        for (author, from) in &out.asked {
            let mut after = *from as i64;
            loop {
                if !progress(Phase::Pull, done, total) {
                    return Err(SyncError::Interrupted);
                }
                // The author is the one asked for: not sent again with every row.
                let rows = tx
                    .query(
                        "SELECT seq, id, body, sig, payload FROM tdlog.event
                         WHERE log_id = $1 AND author = $2 AND seq > $3 ORDER BY seq LIMIT $4",
                        &[
                            &log_id.0.as_slice(),
                            &author.0.as_slice(),
                            &after,
                            &(batch.max(1) as i64),
                        ],
                    )
                    .map_err(SyncError::hub)?;
                let n = rows.len();
                let mut got = Vec::with_capacity(n);
                for row in rows {
                    let s = served(&row, Some(*author))?;
                    after = s.seq as i64;
                    if !forked.is_empty() && forked.contains(&(s.author, s.seq)) {
                        served_at_forks.insert(s.id);
                    }
                    got.push(s);
                }
                done += n as u64;
                if !got.is_empty() {
                    each(got, &out.claims, done, total)?;
                }
                if n < batch.max(1) {
                    break;
                }
            }
        }
        let mut forks = Vec::new();
        for s in fork_rows {
            if !have.contains(&s.id) && served_at_forks.insert(s.id) {
                forks.push(s);
            }
        }
        tx.commit().map_err(SyncError::hub)?;
        if !forks.is_empty() {
            each(forks, &out.claims, done, total)?;
        }
        progress(Phase::Pull, done, total);
        Ok(out)
    }

    /// Stores this device's newest head claim.
    pub fn put_claim(&mut self, log_id: &Hash32, c: &SignedClaim) -> Result<(), SyncError> {
        self.client
            .execute(
                "INSERT INTO tdlog.head_claim (log_id, device, body, sig) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (log_id, device) DO UPDATE SET body = EXCLUDED.body, sig = EXCLUDED.sig",
                &[&log_id.0.as_slice(), &c.device.0.as_slice(), &c.body, &c.sig],
            )
            .map_err(SyncError::hub)?;
        Ok(())
    }

    /// Every tournament on the hub, with its event count and number of signing keys.
    pub fn logs(&mut self) -> Result<Vec<HubLog>, SyncError> {
        self.client
            .query(
                "SELECT log_id, sum(events)::bigint, count(*) FROM tdlog.chain GROUP BY log_id ORDER BY log_id",
                &[],
            )
            .map_err(SyncError::hub)?
            .into_iter()
            .map(|r| {
                Ok(HubLog {
                    log_id: h32(r.get(0))?,
                    events: r.get::<_, i64>(1) as u64,
                    authors: r.get::<_, i64>(2) as u64,
                })
            })
            .collect()
    }

    /// One stored row by log and id (the genesis of a tournament is filed under its own id).
    pub fn row(&mut self, log_id: &Hash32, id: &Hash32) -> Result<Option<RawEvent>, SyncError> {
        Ok(self
            .client
            .query_opt(
                "SELECT body, sig, payload FROM tdlog.event WHERE log_id = $1 AND id = $2",
                &[&log_id.0.as_slice(), &id.0.as_slice()],
            )
            .map_err(SyncError::hub)?
            .map(|r| RawEvent {
                body: r.get(0),
                sig: r.get(1),
                payload: r.get(2),
            }))
    }

    /// Every row of a log (events, then fork proofs), for reading a tournament straight
    /// from the archive.
    pub fn all_rows(&mut self, log_id: &Hash32) -> Result<Vec<RawEvent>, SyncError> {
        let mut out = Vec::new();
        for table in ["event", "fork_proof"] {
            for r in self
                .client
                .query(
                    &format!("SELECT body, sig, payload FROM tdlog.{table} WHERE log_id = $1 ORDER BY author, seq"),
                    &[&log_id.0.as_slice()],
                )
                .map_err(SyncError::hub)?
            {
                out.push(RawEvent {
                    body: r.get(0),
                    sig: r.get(1),
                    payload: r.get(2),
                });
            }
        }
        Ok(out)
    }

    /// Starts listening for new events (`--watch`).
    pub fn listen(&mut self) -> Result<(), SyncError> {
        self.client
            .batch_execute(&format!("LISTEN {CHANNEL}"))
            .map_err(SyncError::hub)
    }

    /// Waits up to `timeout` for a notification about `log_id`; true if one came.
    /// Notifications about other logs are skipped.
    pub fn wait(&mut self, log_id: &Hash32, timeout: Duration) -> Result<bool, SyncError> {
        let want = log_id.to_hex();
        let deadline = std::time::Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            if left.is_zero() {
                return Ok(false);
            }
            let mut n = self.client.notifications();
            let got = n.timeout_iter(left).next().map_err(SyncError::hub)?;
            match got {
                None => return Ok(false),
                Some(x) if x.payload() == want => {
                    // Drain what else is queued: one sync covers it all.
                    while let Ok(Some(_)) = n.iter().next() {}
                    return Ok(true);
                }
                Some(_) => {}
            }
        }
    }

    /// The client, for benchmarks and tests that need plain SQL next to the hub's own.
    pub fn client(&mut self) -> &mut Client {
        &mut self.client
    }
}

/// `COPY table (...) FROM STDIN BINARY` of `rows` of `log_id`.
fn copy_rows(
    tx: &mut postgres::Transaction<'_>,
    table: &str,
    log_id: &Hash32,
    rows: &[&Row],
) -> Result<(), postgres::Error> {
    let sink = tx.copy_in(&format!(
        "COPY {table} (log_id, author, seq, id, body, sig, payload) FROM STDIN BINARY"
    ))?;
    let mut w = BinaryCopyInWriter::new(
        sink,
        &[
            Type::BYTEA,
            Type::BYTEA,
            Type::INT8,
            Type::BYTEA,
            Type::BYTEA,
            Type::BYTEA,
            Type::BYTEA,
        ],
    );
    for r in rows {
        let seq = r.seq as i64;
        w.write(&[
            &log_id.0.as_slice(),
            &r.author.0.as_slice(),
            &seq,
            &r.id.0.as_slice(),
            &r.raw.body,
            &r.raw.sig,
            &r.raw.payload,
        ])?;
    }
    w.finish()?;
    Ok(())
}

fn summary_in(c: &mut impl postgres::GenericClient, log_id: &Hash32) -> Result<Summary, SyncError> {
    let mut s = Summary::default();
    for r in c
        .query(
            "SELECT author, max_seq, events FROM tdlog.chain WHERE log_id = $1",
            &[&log_id.0.as_slice()],
        )
        .map_err(SyncError::hub)?
    {
        let (author, max, n) = (h32(r.get(0))?, r.get::<_, i64>(1), r.get::<_, i64>(2));
        s.max_seq.insert(author, max as u64);
        if n != max {
            s.holes.insert(author);
        }
    }
    for r in c
        .query(
            "SELECT id FROM tdlog.fork_proof WHERE log_id = $1
             UNION SELECT e.id FROM tdlog.event e WHERE e.log_id = $1 AND (e.author, e.seq) IN
               (SELECT author, seq FROM tdlog.fork_proof WHERE log_id = $1)",
            &[&log_id.0.as_slice()],
        )
        .map_err(SyncError::hub)?
    {
        s.fork_ids.insert(h32(r.get(0))?);
    }
    Ok(s)
}
