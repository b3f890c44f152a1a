//! Pure planning of a sync: what to push to the hub, what to ask it for, and whether what it
//! served can be what it should have served. No IO: the hub and the local log are described
//! by summaries, so every decision here is unit-tested without a server.
//!
//! Chains are contiguous (every event names its predecessor, sequence numbers from 1), so
//! "what a side holds of an author" is its highest sequence number, plus the rare fork
//! proofs (a second event at a taken sequence number), which are compared by id.

use crate::log::{Envelope, Hash32, RawEvent};
use std::collections::{BTreeMap, BTreeSet, HashSet};

/// What one side holds of a log: per author the highest sequence number in its event
/// table, and the ids of every event at a forked (author, seq) (both sides).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    pub max_seq: BTreeMap<Hash32, u64>,
    pub fork_ids: BTreeSet<Hash32>,
    /// Authors whose chain at the hub has a hole (fewer rows than its highest sequence
    /// number: a hub that lost or kept back rows): every row of theirs is offered again.
    pub holes: BTreeSet<Hash32>,
}

impl Summary {
    pub fn events(&self) -> u64 {
        self.max_seq.values().sum()
    }
}

/// One event of the local log with what the plan needs of its envelope.
#[derive(Debug, Clone)]
pub struct Row {
    pub raw: RawEvent,
    pub id: Hash32,
    pub author: Hash32,
    pub seq: u64,
    pub lamport: u64,
}

impl Row {
    /// `None` for bytes that are no envelope (the local log verified them, so never).
    pub fn of(raw: RawEvent) -> Option<Row> {
        let env = Envelope::decode(&raw.body).ok()?;
        Some(Row {
            id: raw.id(),
            author: env.author,
            seq: env.seq,
            lamport: env.lamport,
            raw,
        })
    }
}

/// The local summary: rows sharing an (author, seq) beyond the first (by id) are the fork
/// proofs, as `log::store` keeps them.
pub fn summarise(rows: &[Row]) -> Summary {
    let mut s = Summary::default();
    let mut at: BTreeMap<(Hash32, u64), Vec<Hash32>> = BTreeMap::new();
    for r in rows {
        let m = s.max_seq.entry(r.author).or_insert(0);
        *m = (*m).max(r.seq);
        at.entry((r.author, r.seq)).or_default().push(r.id);
    }
    for ids in at.values().filter(|ids| ids.len() > 1) {
        s.fork_ids.extend(ids.iter().copied());
    }
    s
}

/// The rows the hub lacks, in causal order `(lamport, author, seq)`: any prefix of this
/// order is causally closed, so a push cut off between batches leaves the hub with whole
/// chain prefixes, and the next sync resumes from the hub's new maxima.
pub fn to_push<'a>(rows: &'a [Row], hub: &Summary) -> Vec<&'a Row> {
    let local = summarise(rows);
    let mut out: Vec<&Row> = rows
        .iter()
        .filter(|r| {
            let beyond = r.seq > hub.max_seq.get(&r.author).copied().unwrap_or(0)
                || hub.holes.contains(&r.author);
            let fork_missing = local.fork_ids.contains(&r.id) && !hub.fork_ids.contains(&r.id);
            beyond || fork_missing
        })
        .collect();
    out.sort_by_key(|r| (r.lamport, r.author, r.seq, r.id));
    out
}

/// What to ask the hub for: per author, the events above this sequence number.
pub fn to_pull(local: &Summary, hub: &Summary) -> Vec<(Hash32, u64)> {
    hub.max_seq
        .iter()
        .filter_map(|(a, &hub_max)| {
            let have = local.max_seq.get(a).copied().unwrap_or(0);
            (hub_max > have).then_some((*a, have))
        })
        .collect()
}

/// A row as the hub served it: the key it was filed under and the bytes.
#[derive(Debug, Clone)]
pub struct Served {
    pub author: Hash32,
    pub seq: u64,
    pub id: Hash32,
    pub raw: RawEvent,
}

/// Why what the hub served cannot be what it holds honestly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ServedFault {
    /// The bytes are not the event filed under that author, sequence number and id.
    Altered { author: Hash32, seq: u64 },
    /// A chain served with a hole: `after` was followed by `next`.
    Gap {
        author: Hash32,
        after: u64,
        next: u64,
    },
}

/// Checks the served rows of the chains asked for in `asked` (author, above seq): every row
/// is the event its key names (id, author, seq, and the payload its envelope commits to;
/// signatures are the merge's to check), and each chain continues without a hole from where the
/// local log ends. Fork rows (sequence numbers at or below the local maximum) are checked
/// for their key only.
pub fn check_served(served: &[Served], asked: &[(Hash32, u64)]) -> Result<(), ServedFault> {
    let mut checks = ServedChecks::default();
    checks.rows(served)?;
    checks.finish(asked)
}

/// [`check_served`] batch by batch, as the rows arrive: each row when it comes, the chains'
/// continuity once the last one is in.
#[derive(Debug, Default)]
pub struct ServedChecks {
    /// The sequence numbers served, by author.
    seqs: BTreeMap<Hash32, Vec<u64>>,
}

impl ServedChecks {
    /// Every row on its own (the first altered one in the order served is named), then
    /// its place noted.
    pub fn rows(&mut self, served: &[Served]) -> Result<(), ServedFault> {
        // On every core (a round checks up to a whole log here).
        use rayon::prelude::*;
        let altered = served
            .par_iter()
            .position_first(|s| !s.raw.is_filed_as(&s.id, &s.author, s.seq));
        if let Some(i) = altered {
            return Err(ServedFault::Altered {
                author: served[i].author,
                seq: served[i].seq,
            });
        }
        self.places(served);
        Ok(())
    }

    /// Only the places of the rows, for a receiver that checks every row against how it
    /// was filed itself (a join's merge does, with the signatures: each row hashed once).
    pub fn places(&mut self, served: &[Served]) {
        let mut last: Option<(Hash32, &mut Vec<u64>)> = None;
        for s in served {
            // A hub serves a chain's rows together: one lookup a chain.
            match &mut last {
                Some((a, seqs)) if *a == s.author => seqs.push(s.seq),
                _ => {
                    let seqs = self.seqs.entry(s.author).or_default();
                    seqs.push(s.seq);
                    last = Some((s.author, seqs));
                }
            }
        }
    }

    /// Each chain asked for (author, from the local maximum) continues without a hole from
    /// where the local log ends (fork rows at or below it are checked for their key only).
    pub fn finish(mut self, asked: &[(Hash32, u64)]) -> Result<(), ServedFault> {
        for (author, from) in asked {
            let mut seqs = self.seqs.remove(author).unwrap_or_default();
            seqs.retain(|q| q > from);
            seqs.sort_unstable();
            seqs.dedup();
            let mut last = *from;
            for q in seqs {
                if q != last + 1 {
                    return Err(ServedFault::Gap {
                        author: *author,
                        after: last,
                        next: q,
                    });
                }
                last = q;
            }
        }
        Ok(())
    }
}

/// One head a device says it holds (from its signed head claim).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClaimedHead {
    pub device: Hash32,
    pub author: Hash32,
    pub seq: u64,
    pub id: Hash32,
}

/// The claimed heads that neither the local log nor what the hub served contains: events
/// another device pushed (and signed that it holds) that the hub did not hand over.
pub fn withheld(claims: &[ClaimedHead], have: &HashSet<Hash32>) -> Vec<ClaimedHead> {
    claims
        .iter()
        .filter(|c| !have.contains(&c.id))
        .copied()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::{DirectorNote, Payload};
    use crate::keys::DeviceKey;
    use crate::log::event::sign_event;

    fn ev(key: &DeviceKey, seq: u64, lamport: u64, text: &str) -> Row {
        let p = Payload::DirectorNote(DirectorNote {
            text: text.into(),
            board: None,
            table: None,
            round: None,
        });
        let bytes = p.encode().unwrap();
        let env = Envelope {
            log_id: Some(Hash32([9; 32])),
            author: key.public(),
            seq,
            prev: (seq > 1).then_some(Hash32([seq as u8; 32])),
            deps: vec![],
            lamport,
            wall_ms: 0,
            kind: p.kind().into(),
            v: p.current_version(),
            payload_hash: Hash32::default(),
            payload_len: 0,
        };
        Row::of(sign_event(key, env, bytes)).unwrap()
    }

    fn served(r: &Row) -> Served {
        Served {
            author: r.author,
            seq: r.seq,
            id: r.id,
            raw: r.raw.clone(),
        }
    }

    #[test]
    fn push_sends_what_the_hub_lacks_in_causal_order() {
        let (a, b) = (DeviceKey::from_seed([1; 32]), DeviceKey::from_seed([2; 32]));
        let rows = vec![
            ev(&a, 1, 1, "a1"),
            ev(&a, 2, 3, "a2"),
            ev(&b, 1, 2, "b1"),
            ev(&b, 2, 4, "b2"),
        ];
        let mut hub = Summary::default();
        hub.max_seq.insert(a.public(), 1);
        let p: Vec<(u64, u64)> = to_push(&rows, &hub)
            .iter()
            .map(|r| (r.lamport, r.seq))
            .collect();
        assert_eq!(p, vec![(2, 1), (3, 2), (4, 2)]);
        // Idempotent: a hub holding everything needs nothing.
        let all = summarise(&rows);
        assert!(to_push(&rows, &all).is_empty());
    }

    #[test]
    fn fork_proofs_are_pushed_until_the_hub_holds_them() {
        let a = DeviceKey::from_seed([1; 32]);
        let rows = vec![ev(&a, 1, 1, "side A"), ev(&a, 1, 1, "side B")];
        let local = summarise(&rows);
        assert_eq!(local.fork_ids.len(), 2);
        let mut hub = Summary::default();
        hub.max_seq.insert(a.public(), 1);
        assert_eq!(
            to_push(&rows, &hub).len(),
            2,
            "the hub may hold either side"
        );
        hub.holes.insert(a.public());
        assert_eq!(
            to_push(&rows, &hub).len(),
            2,
            "a chain with a hole is offered again"
        );
        hub.holes.clear();
        hub.fork_ids = local.fork_ids.clone();
        assert!(to_push(&rows, &hub).is_empty());
    }

    #[test]
    fn pull_asks_for_what_is_above_the_local_chain() {
        let (a, b, c) = (Hash32([1; 32]), Hash32([2; 32]), Hash32([3; 32]));
        let mut local = Summary::default();
        local.max_seq.insert(a, 5);
        local.max_seq.insert(b, 2);
        let mut hub = Summary::default();
        hub.max_seq.insert(a, 3); // the hub lacks some: a push, not a pull
        hub.max_seq.insert(b, 4);
        hub.max_seq.insert(c, 1);
        assert_eq!(to_pull(&local, &hub), vec![(b, 2), (c, 0)]);
    }

    #[test]
    fn a_served_row_that_is_not_its_event_is_altered() {
        let a = DeviceKey::from_seed([1; 32]);
        let r = ev(&a, 1, 1, "honest");
        let mut s = served(&r);
        assert_eq!(check_served(&[s.clone()], &[(r.author, 0)]), Ok(()));
        s.raw.payload = b"{\"text\":\"altered\"}".to_vec();
        assert_eq!(
            check_served(&[s], &[(r.author, 0)]),
            Err(ServedFault::Altered {
                author: r.author,
                seq: 1
            })
        );
        let mut moved = served(&r);
        moved.seq = 2;
        assert!(check_served(&[moved], &[]).is_err(), "filed at another seq");
    }

    #[test]
    fn a_hole_in_a_served_chain_is_a_withheld_event() {
        let a = DeviceKey::from_seed([1; 32]);
        let rows = [ev(&a, 3, 3, "3"), ev(&a, 5, 5, "5")];
        let s: Vec<Served> = rows.iter().map(served).collect();
        assert_eq!(
            check_served(&s, &[(a.public(), 2)]),
            Err(ServedFault::Gap {
                author: a.public(),
                after: 3,
                next: 5
            })
        );
        assert!(check_served(&s[..1], &[(a.public(), 2)]).is_ok());
        assert!(
            check_served(&s[..1], &[(a.public(), 1)]).is_err(),
            "2 missing"
        );
    }

    #[test]
    fn a_claimed_head_nobody_holds_is_withheld() {
        let c = ClaimedHead {
            device: Hash32([1; 32]),
            author: Hash32([1; 32]),
            seq: 4,
            id: Hash32([7; 32]),
        };
        let mut have = HashSet::new();
        assert_eq!(withheld(&[c], &have), vec![c]);
        have.insert(Hash32([7; 32]));
        assert!(withheld(&[c], &have).is_empty());
    }
}
