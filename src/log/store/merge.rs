//! Merging another device's signed events: a set union, verified before anything is
//! written, with this device's receipt for what arrived.

use super::*;

impl Log {
    /// Merges signed events from another device: set union, idempotent. Verifies the union
    /// first; if it does not verify, nothing is written. Returns (new events, new forks).
    pub fn merge(&mut self, incoming: Vec<RawEvent>) -> Result<(usize, usize), LogError> {
        let r = self.merge_report(incoming)?;
        Ok((r.added, r.forks))
    }

    /// Merges, then signs this device's receipt for what it received (`log.receipt`, with
    /// this device's clock), so every later reader can tell when each step first reached a
    /// device other than its author's. No receipt when nothing new arrived.
    pub fn merge_with_receipt(
        &mut self,
        incoming: Vec<RawEvent>,
        key: &DeviceKey,
    ) -> Result<MergeReport, LogError> {
        let mut r = self.merge_report(incoming)?;
        let received: Vec<crate::events::Received> = r
            .received
            .iter()
            .filter(|x| x.author != key.public())
            .cloned()
            .collect();
        if !received.is_empty() {
            let id = self.append(
                key,
                Payload::LogReceipt(crate::events::LogReceipt {
                    received,
                    events: r.added as u64,
                }),
            )?;
            r.receipt = Some(id);
        }
        Ok(r)
    }

    /// [`Log::merge`] with what was received, and the events dated ahead of this clock.
    pub fn merge_report(&mut self, incoming: Vec<RawEvent>) -> Result<MergeReport, LogError> {
        let tx = rusqlite::Transaction::new_unchecked(&self.conn, TransactionBehavior::Immediate)?;
        rows::check_fork_proofs(&tx)?;
        let mut inputs = {
            let mut all = Vec::new();
            for table in ["event", "fork_proof"] {
                let mut st = tx.prepare(&format!(
                    "SELECT id, author, seq, body, sig, payload FROM {table} ORDER BY author, seq, id"
                ))?;
                let rows = st.query_map([], stored_row)?;
                for row in rows {
                    all.push(row?);
                }
            }
            all
        };
        let known: std::collections::HashSet<Hash32> = inputs.iter().map(|i| i.raw.id()).collect();
        // Each author's newest stored row before the merge: what lies beyond the device
        // record up to there appeared in the file on its own (no receipt of this merge).
        let mut stored_before: BTreeMap<Hash32, u64> = BTreeMap::new();
        for i in &inputs {
            if let Some(d) = &i.declared {
                if let Ok(a) = <[u8; 32]>::try_from(d.author.as_slice()) {
                    let slot = stored_before.entry(Hash32(a)).or_default();
                    *slot = (*slot).max(d.seq.max(0) as u64);
                }
            }
        }
        let fresh: Vec<RawEvent> = {
            let mut seen = std::collections::HashSet::new();
            incoming
                .into_iter()
                .filter(|r| !known.contains(&r.id()) && seen.insert(r.id()))
                .collect()
        };
        inputs.extend(fresh.iter().cloned().map(|raw| Input {
            raw,
            declared: None,
        }));
        // With the verified-state cache, only rows this device has not verified before (the
        // incoming ones among them) have their signatures checked; a cached row that changed
        // is refused as in `verify`.
        // A cached row missing from this file is no error here: merging is how a copy
        // that lacks events (another file of the same log, or one rolled back) gets them
        // back; that merge checks every signature and leaves the cache alone.
        let cached = match (&self.cache, self.stored_log_id()?) {
            (Some(cache), Some(log_id)) => {
                let known = cache.load(&log_id)?;
                match cache.compare(&log_id, &known, &inputs) {
                    Ok(cmp) => Some((cache.clone(), log_id, known, cmp)),
                    Err(crate::log::cache::CacheMismatch::Gone { .. }) => None,
                    Err(e) => return Err(e.into()),
                }
            }
            _ => None,
        };
        let verified = match &cached {
            Some((_, _, _, cmp)) => {
                crate::log::verify::verify_trusting(inputs, None, Some(&cmp.trusted))?
            }
            None => verify(inputs, None)?,
        };
        let limit = (self.clock)().saturating_add(tolerance_of(&verified));
        let mut verified_rows: Vec<(Hash32, [u8; 32])> = Vec::new();
        let (mut added, mut forks) = (0, 0);
        let mut ranges: BTreeMap<Hash32, (u64, u64)> = BTreeMap::new();
        let mut future = Vec::new();
        // Insert in causal order so a reader never sees a dangling reference.
        let mut fresh = fresh;
        fresh.sort_by_key(|r| {
            Envelope::decode(&r.body)
                .map(|e| (e.lamport, e.author, e.seq))
                .unwrap_or_default()
        });
        for raw in &fresh {
            let env = Envelope::decode(&raw.body).map_err(|e| LogError::Refused(e.to_string()))?;
            let taken: bool = tx.query_row(
                "SELECT count(*) FROM event WHERE author = ?1 AND seq = ?2",
                params![env.author.0.as_slice(), env.seq as i64],
                |r| r.get::<_, i64>(0),
            )? > 0;
            if taken {
                insert(&tx, "fork_proof", raw)?;
                forks += 1;
            } else {
                insert(&tx, "event", raw)?;
                added += 1;
                if cached.is_some() {
                    let row = Input {
                        declared: Some(Declared {
                            id: raw.id().0.to_vec(),
                            author: env.author.0.to_vec(),
                            seq: env.seq as i64,
                        }),
                        raw: raw.clone(),
                    };
                    verified_rows.push((raw.id(), crate::log::cache::row_hash(&row)));
                }
                let r = ranges.entry(env.author).or_insert((env.seq, env.seq));
                r.0 = r.0.min(env.seq);
                r.1 = r.1.max(env.seq);
                if env.wall_ms > limit {
                    future.push(FutureArrival {
                        id: raw.id(),
                        author: env.author,
                        seq: env.seq,
                        kind: env.kind.to_string(),
                        wall_ms: env.wall_ms,
                    });
                }
            }
        }
        // The file's version as this merge leaves it, read while it still holds the write
        // lock (this connection's own commit does not change it): another process that
        // appends right after the commit changes it, and the next append here catches up
        // (read after the commit, it took that process's event for part of this state, and
        // the receipt's append would have followed the wrong head: found by the soak).
        let dv = self.data_version()?;
        tx.commit()?;
        self.state = None;
        if let Some((cache, log_id, mut known, cmp)) = cached {
            if verified.log_id == log_id {
                verified_rows.extend(cmp.fresh);
                if cache.add(&log_id, &mut known, &verified_rows)? {
                    cache.remember(&log_id, &known);
                }
            }
        }
        // The union just verified is exactly what is stored now: the next append starts from
        // it (and so does the next open, from the snapshot), with no second verify. The
        // device record moves on with it.
        self.note_seen(&verified, crate::log::seen::Arrivals::Upto(&stored_before))?;
        let state = self.state_of(&verified, dv)?;
        self.state = Some(state);
        self.save_snapshot(None)?;
        tracing::info!(added, forks, "merged");
        if forks > 0 {
            tracing::warn!(
                forks,
                "fork proofs stored: the keys concerned are blocked until the chief TD rules"
            );
        }
        Ok(MergeReport {
            added,
            forks,
            received: ranges
                .into_iter()
                .map(|(author, (from_seq, to_seq))| crate::events::Received {
                    author,
                    from_seq,
                    to_seq,
                })
                .collect(),
            future,
            receipt: None,
        })
    }
}

/// What a merge did.
#[derive(Debug, Clone, Default)]
pub struct MergeReport {
    pub added: usize,
    pub forks: usize,
    /// Per author, the sequence numbers newly stored.
    pub received: Vec<crate::events::Received>,
    /// New events dated ahead of this device's clock by more than the tolerance.
    pub future: Vec<FutureArrival>,
    /// This device's receipt, if it signed one.
    pub receipt: Option<Hash32>,
}

/// An event that arrived dated ahead of this device's clock.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct FutureArrival {
    pub id: Hash32,
    pub author: Hash32,
    pub seq: u64,
    pub kind: String,
    pub wall_ms: i64,
}
