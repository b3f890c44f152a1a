//! The append state: what an append needs to know (keys, heads, stored sequences), rebuilt
//! from a verify when another connection wrote to the file, adopted from a log verified
//! elsewhere, or read back from this device's signed snapshot when the stored rows are
//! exactly the ones its verified-state cache holds.

use super::*;

impl Log {
    /// Rebuilds the append state from a full verify if anyone else wrote since.
    pub(super) fn refresh(&mut self, progress: Option<Progress<'_>>) -> Result<(), LogError> {
        let dv = self.data_version()?;
        if self.state.as_ref().is_some_and(|s| s.data_version == dv) {
            return Ok(());
        }
        if self.refresh_from_snapshot(dv)? {
            return Ok(());
        }
        tracing::debug!(path = %self.path.display(), "log changed on disk; verifying to rebuild append state");
        let v = self.verify(progress)?;
        tracing::info!(
            events = v.events.len(),
            excluded = v.excluded.len(),
            forks = v.pending_forks.len(),
            "log verified"
        );
        self.state = Some(self.state_of(&v, dv)?);
        self.save_snapshot(None)?;
        Ok(())
    }

    /// The append state as JSON, brought up to date first: tests compare the state a merge
    /// leaves with the one a full verify builds.
    #[doc(hidden)]
    pub fn append_state_json(&mut self) -> Result<String, LogError> {
        self.refresh(None)?;
        serde_json::to_string(&self.state).map_err(|e| LogError::Refused(e.to_string()))
    }

    /// Takes the append state from a log verified elsewhere (the app verifies through a
    /// read-only connection with progress, then appends through this one), if the stored
    /// rows are still exactly the verified ones: every author's newest stored sequence
    /// number and the row count agree (rows are append-only and chains contiguous).
    /// Returns whether it did; if not, the first append verifies again.
    pub fn adopt(&mut self, v: &Verified) -> Result<bool, LogError> {
        let dv = self.data_version()?;
        // Each author's newest verified sequence number, standing or excluded (the head set).
        let want: BTreeMap<Hash32, u64> =
            v.heads.heads.iter().map(|(a, (s, _))| (*a, *s)).collect();
        let rows = (v.events.len() + v.excluded.len()) as u64;
        // Every stored row (a fork's second side is in `fork_proof`) is a verified event,
        // standing or excluded.
        let stored_forks: i64 =
            self.conn
                .query_row("SELECT count(*) FROM fork_proof", [], |r| r.get(0))?;
        if self.count()? + stored_forks as u64 != rows {
            return Ok(false);
        }
        let stored = self.stored_seqs()?;
        if stored != want || v.log_id != self.stored_log_id()?.unwrap_or_default() {
            return Ok(false);
        }
        self.state = Some(self.state_of(v, dv)?);
        self.save_snapshot(None)?;
        Ok(true)
    }

    /// The append state of a verified log: heads, stored sequence numbers, keys, forks.
    /// Each author's newest stored sequence number, by seeks in the primary key (author,
    /// seq): a `GROUP BY author` reads the whole table, every body and payload with it (the
    /// table is its own index), which on a million events was a tenth of an open.
    pub(super) fn stored_seqs(&self) -> Result<BTreeMap<Hash32, u64>, LogError> {
        let mut next = self
            .conn
            .prepare_cached("SELECT author FROM event WHERE author > ?1 ORDER BY author LIMIT 1")?;
        let mut max = self
            .conn
            .prepare_cached("SELECT max(seq) FROM event WHERE author = ?1")?;
        let mut out = BTreeMap::new();
        let mut after: Vec<u8> = Vec::new();
        loop {
            let a: Option<Vec<u8>> =
                next.query_row([&after], |r| r.get(0))
                    .map(Some)
                    .or_else(|e| match e {
                        rusqlite::Error::QueryReturnedNoRows => Ok(None),
                        e => Err(e),
                    })?;
            let Some(a) = a else { break };
            let seq: i64 = max.query_row([&a], |r| r.get(0))?;
            if let Ok(h) = <[u8; 32]>::try_from(a.as_slice()) {
                out.insert(Hash32(h), seq as u64);
            }
            after = a;
        }
        // A fork proof's sequence number counts too (its partner is in `event`, or the log
        // is refused): the next event of its key is above both.
        let mut forks = self
            .conn
            .prepare_cached("SELECT author, max(seq) FROM fork_proof GROUP BY author")?;
        let rows = forks.query_map([], |r| Ok((r.get::<_, Vec<u8>>(0)?, r.get::<_, i64>(1)?)))?;
        for row in rows {
            let (a, seq) = row?;
            if let Ok(h) = <[u8; 32]>::try_from(a.as_slice()) {
                let slot = out.entry(Hash32(h)).or_insert(0);
                *slot = (*slot).max(seq.max(0) as u64);
            }
        }
        Ok(out)
    }

    pub(super) fn state_of(&self, v: &Verified, dv: i64) -> Result<AppendState, LogError> {
        let tolerance_ms = tolerance_of(v);
        let limit = (self.clock)().saturating_add(tolerance_ms);
        // Each author's last event in replay order (and last not dated ahead), found by
        // index in a hash map and turned into heads once: not an ordered-map insert per event.
        let mut last: crate::log::hash::IdMap<usize> = Default::default();
        let mut last_safe: crate::log::hash::IdMap<usize> = Default::default();
        for (i, e) in v.events.iter().enumerate() {
            if e.env.wall_ms <= limit {
                last_safe.insert(e.env.author, i);
            }
            last.insert(e.env.author, i);
        }
        let heads_of = |m: crate::log::hash::IdMap<usize>| -> BTreeMap<Hash32, Head> {
            m.into_iter()
                .map(|(a, i)| (a, Head::of(&v.events[i])))
                .collect()
        };
        let heads = heads_of(last);
        let safe_heads = heads_of(last_safe);
        let stored_seq = self.stored_seqs()?;
        let mut unstood: BTreeMap<Hash32, (u64, String)> = BTreeMap::new();
        for x in &v.excluded {
            let slot = unstood.entry(x.author).or_insert((x.seq, x.reason.clone()));
            if x.seq < slot.0 {
                *slot = (x.seq, x.reason.clone());
            }
        }
        Ok(AppendState {
            stored_heads: v.heads.heads.clone(),
            unstood,
            safe_heads,
            tolerance_ms,
            data_version: dv,
            log_id: v.log_id,
            keys: v.keys.clone(),
            heads,
            stored_seq,
            pending_forks: v
                .pending_forks
                .iter()
                .map(|f| (f.author, f.seq, f.ids.clone()))
                .collect(),
        })
    }

    /// With a verified-state cache: if every stored row is one the cache holds, unchanged,
    /// and none is new, the append state comes from the snapshot saved with the cache (no
    /// signature, no decode, no fold). Returns whether it did.
    pub(super) fn refresh_from_snapshot(&mut self, dv: i64) -> Result<bool, LogError> {
        let (Some(cache), Some(log_id)) = (self.cache.clone(), self.stored_log_id()?) else {
            return Ok(false);
        };
        let known = cache.load(&log_id)?;
        let mut present = crate::log::cache::Presence::default();
        let mut fresh = Vec::new();
        for_each_batch(&self.conn, |batch| {
            crate::log::cache::compare_batch(&log_id, &known, &batch, &mut present, &mut fresh)?;
            Ok(fresh.is_empty())
        })?;
        if !fresh.is_empty() {
            return Ok(false);
        }
        crate::log::cache::check_gone(&log_id, &known, &present)?;
        let Some(bytes) = cache.load_snapshot(&log_id, &known)? else {
            return Ok(false);
        };
        let Ok(mut state) = serde_json::from_slice::<AppendState>(&bytes) else {
            return Ok(false);
        };
        if state.log_id != log_id {
            return Ok(false);
        }
        state.data_version = dv;
        self.note_seen_heads(&state, &[])?;
        self.state = Some(state);
        tracing::debug!("append state from the verified-state cache");
        Ok(true)
    }

    /// Saves the append state as the snapshot of the cache, after adding `fresh` rows (the
    /// events this device just appended) to it.
    pub(super) fn save_snapshot(&self, fresh: Option<&[Input]>) -> Result<(), LogError> {
        let (Some(cache), Some(state)) = (&self.cache, &self.state) else {
            return Ok(());
        };
        let log_id = state.log_id;
        let add: Vec<(Hash32, [u8; 32])> = fresh
            .unwrap_or_default()
            .iter()
            .map(|i| (i.raw.id(), crate::log::cache::row_hash(i)))
            .collect();
        let tip = cache.add_rows(&log_id, &add)?;
        let bytes = serde_json::to_vec(state).map_err(|e| LogError::Refused(e.to_string()))?;
        cache.save_snapshot_at(&log_id, tip, &bytes)?;
        Ok(())
    }

    /// Saves the append state of `v` as the snapshot of the cache as it is now (`known`), so
    /// the next append after a verify that changed the cache needs no second verify.
    pub(super) fn snapshot_of(
        &self,
        cache: &crate::log::cache::VerifiedCache,
        known: &crate::log::cache::Known,
        v: &Verified,
    ) -> Result<(), LogError> {
        let state = self.state_of(v, self.data_version()?)?;
        let bytes = serde_json::to_vec(&state).map_err(|e| LogError::Refused(e.to_string()))?;
        cache.save_snapshot(&v.log_id, known, &bytes)?;
        Ok(())
    }

    /// Checks and moves on the device record from an append state (no verify): the rows
    /// beyond the record are this device's own appends (or were verified by it before), and
    /// `receipted` what a receipt it just signed covers.
    pub(super) fn note_seen_heads(
        &self,
        state: &AppendState,
        receipted: &[crate::events::Received],
    ) -> Result<(), LogError> {
        self.note_seen_state(state, crate::log::seen::Arrivals::None, receipted, false)
    }

    /// [`Log::note_seen_heads`] with what arrived in the file on its own (a merge that
    /// extended the log: rows beyond the record up to `Arrivals::Upto`).
    /// `exact`: a recorded head counts only if the file holds that very event (as a verify
    /// checks it), not because its author's chain runs past its place.
    pub(super) fn note_seen_state(
        &self,
        state: &AppendState,
        arrivals: crate::log::seen::Arrivals<'_>,
        receipted: &[crate::events::Received],
        exact: bool,
    ) -> Result<(), LogError> {
        let Some(store) = &self.seen else {
            return Ok(());
        };
        let now = crate::log::digest::HeadSet {
            heads: state.stored_heads.clone(),
        };
        let ids: std::collections::HashSet<Hash32> =
            state.stored_heads.values().map(|(_, id)| *id).collect();
        let stored = &state.stored_heads;
        let have = |a: &Hash32| stored.get(a).map_or(0, |h| h.0);
        // A recorded head is held if it is this author's stored head or older than it, or
        // one side of a fork still stored (the head set names only one side), or if the
        // file holds it now (another process of this device appended it meanwhile).
        let has = |a: &Hash32, seq: u64, id: &Hash32| {
            ids.contains(id)
                || !exact && stored.get(a).is_some_and(|h| h.0 > seq)
                || state
                    .pending_forks
                    .iter()
                    .any(|(fa, fs, fids)| fa == a && *fs == seq && fids.contains(id))
                || self.holds(id).unwrap_or(false)
        };
        let holder = |a: &Hash32| state.keys.get(a).map(|k| k.holder.clone());
        store.observe(
            &state.log_id,
            crate::log::seen::Observed {
                heads: &now,
                has: &has,
                have_seq: &have,
                holder: &holder,
                arrivals,
                receipted,
                now_ms: now_ms(),
            },
        )?;
        Ok(())
    }
}
