//! The desktop app's open path (`src-tauri/src/session.rs` `open`), timed phase by phase, to
//! profile a warm second open (issue 12): a read-only verify through the device's
//! verified-state cache, the writable connection adopting it, the live state folded, the
//! summary's head digest and future-dated list.
//!
//! `cargo run --example open_profile -- LOG DATA_DIR [ROUNDS]` (default 2: with an empty
//! DATA_DIR the first round is the cold open, the rest warm). Under `perf record -g` it shows
//! where a warm open's time goes. OPEN_PROFILE_BARE=1 also times bare `verify_strict` over the
//! same signatures on every core (the limit a first open is measured against), and the
//! open's own check (`log::signature`) over them.

use std::time::Instant;

// The allocator of the CLI and the app, so the profile is theirs.
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;
use tdlog::log::Log;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Before anything big is allocated: small pages, as the app (`tdlog::memory`);
    // OPEN_PROFILE_THP=1 keeps huge pages, to compare.
    if std::env::var_os("OPEN_PROFILE_THP").is_none() {
        tdlog::memory::no_huge_pages();
    }
    let mut a = std::env::args().skip(1);
    let usage = "usage: open_profile LOG DATA_DIR [ROUNDS]";
    let path = std::path::PathBuf::from(a.next().ok_or(usage)?);
    let data = std::path::PathBuf::from(a.next().ok_or(usage)?);
    let rounds: usize = match a.next() {
        Some(s) => s.parse()?,
        None => 2,
    };
    for r in 0..rounds {
        let t = Instant::now();
        let mut log = Log::open_read_only(&path)?;
        log.attach_seen(tdlog::log::seen::SeenStore::new(&data))?;
        let cache = tdlog::log::cache::VerifiedCache::new(&data);
        log.attach_cache(cache.clone());
        let t1 = t.elapsed();
        let v = log.verify(None)?;
        let t2 = t.elapsed();
        let mut w = Log::open(&path)?;
        w.attach_seen(tdlog::log::seen::SeenStore::new(&data))?;
        w.attach_cache(cache);
        let t3 = t.elapsed();
        let mut live = tdlog::live::Live::from_verified(Some(w), v)?;
        let t4 = t.elapsed();
        // OPEN_PROFILE_KEY=key file: three notes signed after the open, each timed (as the
        // app's first calls after an open).
        if let Some(k) = std::env::var_os("OPEN_PROFILE_KEY") {
            let key = tdlog::keys::DeviceKey::load(std::path::Path::new(&k), None)?;
            for i in 0..3 {
                let a = Instant::now();
                let note = tdlog::events::Payload::DirectorNote(tdlog::events::DirectorNote {
                    text: format!("open_profile note {i}"),
                    board: None,
                    table: None,
                    round: None,
                });
                let now = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)?
                    .as_millis() as i64;
                live.append(&key, note, now)?;
                eprintln!("round {r}: append {i} {:?}", a.elapsed());
            }
        }
        let digest = live.head_set().digest();
        let future = live.future_dated();
        let t5 = t.elapsed();
        eprintln!(
            "round {r}: open {t1:?}, verify {:?}, writable {:?}, live fold {:?}, summary {:?}, total {t5:?} ({} events, {} future-dated, {digest})",
            t2 - t1,
            t3 - t2,
            t4 - t3,
            t5 - t4,
            live.replayed.log.events.len(),
            future.len()
        );
    }
    // OPEN_PROFILE_BARE=1: the limit an open is measured against (issue 32): `verify_strict`
    // alone over the same (key, message, signature) triples held in memory, on every core.
    if std::env::var_os("OPEN_PROFILE_BARE").is_some() {
        use rayon::prelude::*;
        let log = Log::open_read_only(&path)?;
        let triples: Vec<_> = log
            .read_inputs()?
            .into_iter()
            .map(|i| {
                let env = tdlog::log::Envelope::decode(&i.raw.body).expect("envelope");
                let vk = ed25519_dalek::VerifyingKey::from_bytes(&env.author.0).expect("key");
                let sig = ed25519_dalek::Signature::from_slice(&i.raw.sig).expect("signature");
                (
                    vk,
                    [tdlog::log::event::SIG_DOMAIN, &i.raw.body].concat(),
                    sig,
                )
            })
            .collect();
        let t = Instant::now();
        triples
            .par_iter()
            .for_each(|(vk, m, s)| vk.verify_strict(m, s).expect("verifies"));
        eprintln!(
            "bare verify_strict of {} signatures on {} cores: {:?}",
            triples.len(),
            rayon::current_num_threads(),
            t.elapsed()
        );
        // The same signatures through the open's own check (`log::signature`: the same
        // decisions without the final inversion), keys made ready as the open keeps them.
        let strict: Vec<_> = triples
            .iter()
            .map(|(vk, m, s)| {
                let key = tdlog::log::signature::StrictKey::from_bytes(vk.as_bytes());
                (key.expect("key"), m, s.to_bytes())
            })
            .collect();
        let t = Instant::now();
        strict
            .par_iter()
            .for_each(|(k, m, s)| assert!(k.verify(&[m], s), "verifies"));
        eprintln!(
            "bare log::signature of {} signatures on {} cores: {:?}",
            strict.len(),
            rayon::current_num_threads(),
            t.elapsed()
        );
    }
    Ok(())
}
