//! Invariants of the log as property tests: random multi-device histories, exchanged in any
//! order, always replay to the same sequence; any change to any stored byte is noticed.

mod common;

use common::*;
use proptest::prelude::*;
use tdlog::keys::Role;
use tdlog::log::{verify_strict, Input, RawEvent};

/// A random history: a chief and three TDs on their own laptops, each step either an event on
/// one laptop or a sync (one laptop learns everything another knows).
fn history(steps: &[(u8, u8, bool)]) -> Vec<RawEvent> {
    let chief = key(1);
    let tds = [key(2), key(3), key(4)];
    let mut base = Forge::new();
    base.next(&chief, genesis());
    for (i, k) in tds.iter().enumerate() {
        base.next(&chief, enrol(k, Role::Td, &format!("TD {i}")));
    }
    // Each TD's first event is made on the chief's laptop state, so it follows its enrolment.
    let mut laptops: Vec<Forge> = vec![base.clone(); 4];
    let signer = |l: usize| if l == 0 { &chief } else { &tds[l - 1] };
    let mut all: Vec<RawEvent> = base.events.clone();
    for (n, &(a, b, sync)) in steps.iter().enumerate() {
        let (a, b) = (a as usize % 4, b as usize % 4);
        if sync && a != b {
            // b learns a's events: union of heads (a head is the max seq per author).
            let from = laptops[a].clone();
            let to = &mut laptops[b];
            for (author, h) in from.heads {
                let mine = to.heads.get(&author).map_or(0, |x| x.seq);
                if h.seq > mine {
                    to.heads.insert(author, h);
                }
            }
            to.clock = to.clock.max(from.clock);
        } else {
            // Laptop a records an event signed by its own key (only laptop a holds it).
            let ev = laptops[a].next(signer(a), note(&format!("step {n}")));
            all.push(ev);
        }
    }
    all
}

fn order_of(events: Vec<RawEvent>) -> Result<Vec<String>, String> {
    let inputs = events
        .into_iter()
        .map(|raw| Input {
            raw,
            declared: None,
        })
        .collect();
    verify_strict(inputs, None)
        .map(|v| v.events.iter().map(|e| e.id.to_hex()).collect())
        .map_err(|e| e.to_string())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Merging is set union: any arrival order, with duplicates, replays identically.
    #[test]
    fn any_arrival_order_replays_to_the_same_sequence(
        steps in prop::collection::vec((0u8..4, 0u8..4, any::<bool>()), 1..40),
        seed in any::<u64>(),
    ) {
        let events = history(&steps);
        let reference = order_of(events.clone()).unwrap();
        prop_assert_eq!(reference.len(), events.len());
        let mut shuffled = events.clone();
        let mut s = seed | 1;
        for i in (1..shuffled.len()).rev() {
            s ^= s << 13; s ^= s >> 7; s ^= s << 17;
            shuffled.swap(i, (s % (i as u64 + 1)) as usize);
        }
        // A device may receive some events twice.
        let dup = shuffled[(seed as usize) % shuffled.len()].clone();
        shuffled.push(dup);
        prop_assert_eq!(order_of(shuffled).unwrap(), reference);
    }

    /// Any single changed byte of any event (body, signature or payload) is noticed.
    #[test]
    fn any_flipped_byte_is_noticed(
        steps in prop::collection::vec((0u8..4, 0u8..4, any::<bool>()), 1..12),
        which in any::<prop::sample::Index>(),
        part in 0u8..3,
        at in any::<prop::sample::Index>(),
        mask in 1u8..=255,
    ) {
        let mut events = history(&steps);
        let i = which.index(events.len());
        let bytes = match part {
            0 => &mut events[i].body,
            1 => &mut events[i].sig,
            _ => &mut events[i].payload,
        };
        let j = at.index(bytes.len());
        bytes[j] ^= mask;
        prop_assert!(order_of(events).is_err());
    }

    /// Dropping any non-final event of a chain breaks verification (no silent gaps).
    #[test]
    fn dropping_an_event_that_others_build_on_is_noticed(
        steps in prop::collection::vec((0u8..4, 0u8..4, any::<bool>()), 2..20),
        which in any::<prop::sample::Index>(),
    ) {
        let events = history(&steps);
        let i = which.index(events.len());
        let dropped = events[i].id();
        let built_on = events.iter().any(|e| {
            let env = tdlog::log::Envelope::decode(&e.body).unwrap();
            let hit = env.preds().any(|p| *p == dropped);
            hit
        });
        let mut rest = events.clone();
        rest.remove(i);
        if built_on {
            prop_assert!(order_of(rest).is_err());
        }
    }
}
