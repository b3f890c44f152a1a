//! Signing and durably storing this device's events: the append path, its staged state
//! within one transaction, and the checks that refuse what the log would not accept.

use super::*;

impl Log {
    /// The log id (the genesis event's id).
    pub fn log_id(&mut self) -> Result<Hash32, LogError> {
        self.refresh(None)?;
        Ok(self.state.as_ref().map(|s| s.log_id).unwrap_or_default())
    }

    /// Key state after the last stored event.
    pub fn keys(&mut self) -> Result<KeyState, LogError> {
        self.refresh(None)?;
        Ok(self
            .state
            .as_ref()
            .map(|s| s.keys.clone())
            .unwrap_or_default())
    }

    /// The signed time this device's next event would carry at clock time `now_ms`: never
    /// earlier than what it follows, and never dragged forward by an event dated ahead of
    /// the clock beyond the tolerance (such an event is not named as a dep).
    pub fn next_wall_ms(&mut self, author: &Hash32, now_ms: i64) -> Result<i64, LogError> {
        self.refresh(None)?;
        let Some(state) = self.state.as_ref() else {
            return Ok(now_ms);
        };
        let limit = now_ms.saturating_add(state.tolerance_ms);
        let mut wall = now_ms;
        let first = !state.heads.contains_key(author);
        for (a, h) in &state.heads {
            let h = state.nameable_head(a, h, limit, first || a == author);
            if let Some(h) = h {
                wall = wall.max(h.wall_ms);
            }
        }
        Ok(wall)
    }

    /// Signs and durably stores one event; returns its id once it is committed.
    pub fn append(&mut self, key: &DeviceKey, payload: Payload) -> Result<Hash32, LogError> {
        Ok(self.append_batch(key, vec![payload])?[0])
    }

    /// Signs and stores several events of this device in one transaction (all or none).
    pub fn append_batch(
        &mut self,
        key: &DeviceKey,
        payloads: Vec<Payload>,
    ) -> Result<Vec<Hash32>, LogError> {
        self.conn.prepare_cached("BEGIN IMMEDIATE")?.execute([])?;
        match self.append_locked(key, payloads) {
            Ok(ids) => Ok(ids),
            Err(e) => {
                let _ = self.conn.execute_batch("ROLLBACK");
                self.state = None;
                Err(e)
            }
        }
    }

    /// The body of [`Log::append_batch`], run while holding the write lock.
    pub(super) fn append_locked(
        &mut self,
        key: &DeviceKey,
        payloads: Vec<Payload>,
    ) -> Result<Vec<Hash32>, LogError> {
        // Inside the write lock: if another process appended, rebuild what we know.
        let dv = self.data_version()?;
        if self.state.as_ref().is_none_or(|s| s.data_version != dv) {
            self.state = None;
            self.refresh(None)?;
        }
        let me = key.public();
        // Events that appeared in the file on their own (not through this device's appends
        // or a merge) arrived when this device found them: its receipt for them comes first.
        let arrived = self.arrivals_to_receipt(&me, &payloads)?;
        let mut payloads = payloads;
        if !arrived.is_empty() {
            payloads.insert(
                0,
                Payload::LogReceipt(crate::events::LogReceipt {
                    events: arrived.iter().map(|r| r.to_seq - r.from_seq + 1).sum(),
                    received: arrived.clone(),
                }),
            );
        }
        let state = self
            .state
            .as_mut()
            .ok_or_else(|| LogError::Refused("no state".into()))?;
        check_game(&self.conn, &state.log_id, &payloads)?;
        let mut ids = Vec::with_capacity(payloads.len());
        let mut rows = Vec::with_capacity(payloads.len());
        let mut staged = StagedState::new(state, me);
        for p in payloads {
            let seq = staged.next_seq;
            check_append(state, &staged, &me, seq, &p)?;
            let bytes = p.encode()?;
            let now = (self.clock)();
            let limit = now.saturating_add(state.tolerance_ms);
            // Another author's event dated ahead of this clock (beyond the tolerance) is
            // not named: it must not drag this event's signed time forward. Its author's
            // newest event dated in time is named instead.
            let preds: Vec<Head> = state
                .heads
                .iter()
                .filter(|(a, _)| **a != me)
                .filter_map(|(a, h)| {
                    // A key's first event names every head: its enrolment must be in its
                    // causal past whatever this clock says.
                    state.nameable_head(a, h, limit, staged.prev.is_none())
                })
                .collect();
            if let Some(own) = staged.prev.filter(|h| h.wall_ms > limit) {
                return Err(LogError::Refused(format!(
                    "this device's last event is dated {}, {} min ahead of this device's clock (tolerance {} min); nothing was signed: check the clock",
                    rfc3339(own.wall_ms),
                    (own.wall_ms - now) / 60_000,
                    state.tolerance_ms / 60_000
                )));
            }
            let mut deps: Vec<Hash32> = preds.iter().map(|h| h.id).collect();
            deps.sort();
            let (mut lamport, mut wall) = (0u64, i64::MIN);
            for h in preds.iter().copied().chain(staged.prev) {
                lamport = lamport.max(h.lamport);
                wall = wall.max(h.wall_ms);
            }
            // Signed time never runs backwards against what the event follows.
            let wall_ms = now.max(wall);
            let env = Envelope {
                log_id: Some(state.log_id),
                author: me,
                seq,
                prev: staged.prev.map(|h| h.id),
                deps,
                lamport: lamport + 1,
                wall_ms,
                kind: p.kind().into(),
                v: p.current_version(),
                payload_hash: Hash32::default(),
                payload_len: 0,
            };
            let raw = sign_event(key, env.clone(), bytes);
            let id = raw.id();
            staged.apply(
                state,
                &p,
                Head {
                    seq,
                    id,
                    lamport: env.lamport,
                    wall_ms,
                },
            );
            ids.push(id);
            rows.push((env, raw));
        }
        for (env, raw) in &rows {
            insert_env(&self.conn, "event", env, &raw.id(), raw)?;
        }
        // What was inserted is checked against the file before it counts: each event
        // follows its own predecessor as stored, takes a free place, and names only stored
        // events (a file whose rows were moved could otherwise take a verifying log to one
        // that fails).
        check_appended(&self.conn, &rows)?;
        // The device's data dir is held from the commit until its record and cache know
        // these rows: another process of this device never finds them unrecorded (it would
        // take them for rows that appeared in the file on their own).
        let dir_lock = match &self.seen {
            Some(s) => Some(crate::log::device::lock(s.dir())?),
            None => None,
        };
        self.conn.prepare_cached("COMMIT")?.execute([])?;
        tracing::debug!(events = ids.len(), "appended");
        // Our own commit does not change data_version for this connection.
        let state = self
            .state
            .as_mut()
            .ok_or_else(|| LogError::Refused("no state".into()))?;
        let rules_keys = staged.rules_keys;
        staged.commit(state);
        for (env, raw) in &rows {
            state.stored_heads.insert(env.author, (env.seq, raw.id()));
        }
        if let Some(state) = &self.state {
            self.note_seen_heads(state, &arrived)?;
        }
        if rules_keys {
            // A revocation or fork ruling can change which stored events stand: rebuilt by a
            // verify (through the cache: the new rows' signatures), which adds them to the
            // cache and moves the record on, so neither can be deleted unseen.
            drop(dir_lock);
            self.state = None;
            self.refresh(None)?;
        } else if self.cache.is_some() {
            let fresh: Vec<Input> = rows
                .into_iter()
                .map(|(env, raw)| Input {
                    declared: Some(Declared {
                        id: raw.id().0.to_vec(),
                        author: env.author.0.to_vec(),
                        seq: env.seq as i64,
                    }),
                    raw,
                })
                .collect();
            self.save_snapshot(Some(&fresh))?;
        }
        if arrived.is_empty() {
            Ok(ids)
        } else {
            self.arrival_receipt = ids.first().copied();
            Ok(ids[1..].to_vec())
        }
    }

    /// What this device's receipt now covers of the events that appeared in the file on
    /// their own (the device record's `arrived`): none of its own key's, and none if the
    /// key may not sign a receipt now or the append is a receipt itself.
    fn arrivals_to_receipt(
        &self,
        me: &Hash32,
        payloads: &[Payload],
    ) -> Result<Vec<crate::events::Received>, LogError> {
        let (Some(store), Some(state)) = (&self.seen, &self.state) else {
            return Ok(vec![]);
        };
        if payloads.iter().any(|p| matches!(p, Payload::LogReceipt(_))) {
            return Ok(vec![]);
        }
        let arrived: Vec<crate::events::Received> = store
            .arrived(&state.log_id)?
            .into_iter()
            .filter(|r| r.author != *me)
            .collect();
        if arrived.is_empty() {
            return Ok(arrived);
        }
        let probe = Payload::LogReceipt(crate::events::LogReceipt {
            events: 1,
            received: arrived.clone(),
        });
        let staged = StagedState::new(state, *me);
        Ok(
            match check_append(state, &staged, me, staged.next_seq, &probe) {
                Ok(()) => arrived,
                Err(_) => vec![],
            },
        )
    }

    /// The receipt the last append signed first for events that appeared in the file on
    /// their own, taken (a live state folds it with the append: `live::Live`).
    pub fn take_arrival_receipt(&mut self) -> Option<Hash32> {
        self.arrival_receipt.take()
    }
}

/// Checks rows just inserted (in the open transaction) against what the file holds.
fn check_appended(conn: &Connection, rows: &[(Envelope, RawEvent)]) -> Result<(), LogError> {
    let refuse = |env: &Envelope, why: &str| {
        Err(LogError::Refused(format!(
            "event {} of key {} would not verify ({why}): nothing was signed into the log; check the file (tdlog verify)",
            env.seq,
            env.author.short()
        )))
    };
    let id_at = |author: &Hash32, seq: u64| -> Result<Option<Vec<u8>>, LogError> {
        Ok(conn
            .prepare_cached("SELECT id FROM event WHERE author = ?1 AND seq = ?2")?
            .query_row(params![author.0.as_slice(), seq as i64], |r| r.get(0))
            .optional()?)
    };
    for (env, raw) in rows {
        if id_at(&env.author, env.seq)?.as_deref() != Some(&raw.id().0[..]) {
            return refuse(env, "its place is taken");
        }
        let fork: bool = conn
            .prepare_cached(
                "SELECT EXISTS (SELECT 1 FROM fork_proof WHERE author = ?1 AND seq = ?2)",
            )?
            .query_row(params![env.author.0.as_slice(), env.seq as i64], |r| {
                r.get(0)
            })?;
        if fork {
            return refuse(env, "a fork proof holds its place");
        }
        let prev_ok = match (env.seq, env.prev) {
            (1, None) => true,
            (seq, Some(p)) if seq > 1 => id_at(&env.author, seq - 1)?.as_deref() == Some(&p.0[..]),
            _ => false,
        };
        if !prev_ok {
            return refuse(
                env,
                "it does not follow this key's event before it as stored",
            );
        }
        for d in &env.deps {
            let held: bool = conn
                .prepare_cached(
                    "SELECT EXISTS (SELECT 1 FROM event WHERE id = ?1) OR EXISTS (SELECT 1 FROM fork_proof WHERE id = ?1)",
                )?
                .query_row([d.0.as_slice()], |r| r.get(0))?;
            if !held {
                return refuse(
                    env,
                    &format!("it names event {}, which is not stored", d.short()),
                );
            }
        }
    }
    Ok(())
}

/// The effect of events staged in the current transaction, applied to the cache on commit.
pub(super) struct StagedState {
    me: Hash32,
    next_seq: u64,
    prev: Option<Head>,
    /// Only cloned once a staged key event changes it.
    keys: Option<KeyState>,
    resolved: Vec<(Hash32, u64)>,
    /// A staged revocation or fork ruling: the append state is rebuilt after commit.
    rules_keys: bool,
}

impl StagedState {
    pub(super) fn new(state: &AppendState, me: Hash32) -> Self {
        StagedState {
            me,
            next_seq: state.stored_seq.get(&me).copied().unwrap_or(0) + 1,
            prev: state.heads.get(&me).copied(),
            keys: None,
            resolved: vec![],
            rules_keys: false,
        }
    }

    /// The key state as of the staged events (the committed one until a key event).
    pub(super) fn keys<'a>(&'a self, state: &'a AppendState) -> &'a KeyState {
        self.keys.as_ref().unwrap_or(&state.keys)
    }

    pub(super) fn apply(&mut self, state: &AppendState, p: &Payload, head: Head) {
        self.next_seq = head.seq + 1;
        self.prev = Some(head);
        self.rules_keys |= matches!(p, Payload::KeyRevoked(_) | Payload::ForkResolved(_));
        // Key events were checked by check_append; fold them for the next staged event.
        if matches!(p, Payload::KeyEnrolled(_) | Payload::KeyRevoked(_)) && self.keys.is_none() {
            self.keys = Some(state.keys.clone());
        }
        let keys = self.keys.as_mut();
        match (p, keys) {
            (Payload::KeyEnrolled(k), Some(keys)) => {
                keys.keys.insert(
                    k.key,
                    crate::keys::KeyInfo {
                        key: k.key,
                        role: k.role,
                        holder: k.holder.clone(),
                        enrolled_by: head.id,
                        revoked: None,
                    },
                );
            }
            (Payload::KeyRevoked(r), Some(keys)) => {
                if let Some(info) = keys.keys.get_mut(&r.key) {
                    info.revoked = Some(crate::keys::Revocation {
                        event: head.id,
                        last_valid_seq: r.last_valid_seq,
                        reason: r.reason.clone(),
                    });
                }
            }
            (Payload::ForkResolved(f), _) => self.resolved.push((f.key, f.seq)),
            _ => {}
        }
    }

    pub(super) fn commit(self, state: &mut AppendState) {
        if let Some(h) = self.prev {
            state.heads.insert(self.me, h);
            state.stored_seq.insert(self.me, h.seq);
        }
        if let Some(k) = self.keys {
            state.keys = k;
        }
        state
            .pending_forks
            .retain(|(a, s, _)| !self.resolved.contains(&(*a, *s)));
    }
}

/// Refuses an event of the other game (`Game::of_kind`), naming both: a bridge call signed
/// into a Doppelkopf log would be folded by the bridge engine as that tournament's. The game
/// is the genesis row's (one lookup by id; the genesis was verified when the state was built).
fn check_game(
    conn: &rusqlite::Connection,
    log_id: &Hash32,
    payloads: &[Payload],
) -> Result<(), LogError> {
    use crate::events::Game;
    if payloads.iter().all(|p| Game::of_kind(p.kind()).is_none()) {
        return Ok(());
    }
    let genesis: Option<Vec<u8>> = conn
        .prepare_cached("SELECT payload FROM event WHERE id = ?1")?
        .query_row([log_id.0.as_slice()], |r| r.get(0))
        .optional()?;
    let game = genesis
        .and_then(|b| serde_json::from_slice::<crate::events::Genesis>(&b).ok())
        .map(|g| g.game)
        .ok_or_else(|| LogError::Refused("the log's genesis cannot be read".into()))?;
    match payloads.iter().find_map(|p| {
        Game::of_kind(p.kind())
            .filter(|g| *g != game)
            .map(|g| (g, p.kind()))
    }) {
        Some((other, kind)) => Err(LogError::WrongGame {
            kind: kind.to_string(),
            event_game: other.name(),
            log_game: game.name(),
        }),
        None => Ok(()),
    }
}

/// Refuses an append the log would not accept: unenrolled or revoked signer, a role the
/// catalogue does not allow, a key blocked by a fork, an impossible key event.
pub(super) fn check_append(
    state: &AppendState,
    staged: &StagedState,
    me: &Hash32,
    seq: u64,
    p: &Payload,
) -> Result<(), LogError> {
    let refuse = |m: String| Err(LogError::Refused(m));
    let role = staged
        .keys(state)
        .may_sign(me, seq)
        .map_err(|m| LogError::Refused(format!("this device's key cannot sign: {m}")))?;
    if staged
        .keys(state)
        .get(me)
        .is_some_and(|k| k.revoked.is_some())
    {
        return refuse("this device's key has been revoked".into());
    }
    if let Some((_, s, _)) = state.pending_forks.iter().find(|(a, _, _)| a == me) {
        if !matches!(p, Payload::ForkResolved(_)) {
            return refuse(format!(
                "this device's key is blocked: it signed two different events at seq {s} (fork); the chief TD must rule first"
            ));
        }
    }
    // The chain this key would continue does not stand (a fork ruled against this device,
    // or events excluded): a new event could only follow a void one and would not verify.
    if let Some((from, why)) = state.unstood.get(me) {
        if staged.prev.is_none_or(|h| h.seq < seq - 1) {
            return refuse(format!(
                "this device's events from seq {from} on do not stand ({why}); nothing was signed. This key cannot sign in this log any more: make a new device key (tdlog key new) and ask the chief TD to enrol it"
            ));
        }
    }
    let sp = spec(p.kind(), p.current_version())
        .ok_or_else(|| LogError::Refused(format!("unknown type {}", p.kind())))?;
    if !sp.roles.contains(&role) {
        return refuse(format!(
            "role {role} may not sign `{}` (allowed: {})",
            p.kind(),
            sp.roles
                .iter()
                .map(|r| r.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    match p {
        Payload::Genesis(_) => refuse("a log has exactly one genesis event".into()),
        Payload::KeyEnrolled(k) => match staged.keys(state).get(&k.key) {
            Some(old) => refuse(format!(
                "key {} is already enrolled as {}{}",
                k.key.short(),
                old.role,
                if old.revoked.is_some() {
                    " (revoked; make a new device key)"
                } else {
                    ""
                }
            )),
            None => Ok(()),
        },
        Payload::KeyRevoked(r) if r.key == *me && r.last_valid_seq < seq => refuse(format!(
            "a key cannot revoke itself before this event (last valid seq {} < {seq}): the revocation would void itself",
            r.last_valid_seq
        )),
        Payload::KeyRevoked(r) => match staged.keys(state).get(&r.key) {
            None => refuse(format!("key {} is not enrolled", r.key.short())),
            Some(k) if k.revoked.is_some() => {
                refuse(format!("key {} is already revoked", r.key.short()))
            }
            Some(_) => Ok(()),
        },
        Payload::ForkResolved(f) => {
            match state
                .pending_forks
                .iter()
                .find(|(a, s, _)| *a == f.key && *s == f.seq)
            {
                None => refuse(format!(
                    "no pending fork of key {} at seq {}",
                    f.key.short(),
                    f.seq
                )),
                Some((_, _, ids)) if !ids.contains(&f.kept) => refuse(format!(
                    "event {} is not one side of the fork",
                    f.kept.short()
                )),
                Some(_) => Ok(()),
            }
        }
        // Domain events: the log only checks who may sign them; their meaning is judged by
        // the projections that fold them ("record first, judge later").
        _ => Ok(()),
    }
}
