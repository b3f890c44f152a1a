//! A big signed log for measurements (`benches/app_open.sh`): a genesis, a chief TD who enrols
//! `AUTHORS` TDs, then director notes appended in batches, as `benches/log.rs` builds its logs.
//!
//! `cargo run --release --example synth_log -- OUT.tdlog [EVENTS] [KEY_OUT]` (default 1,000,000
//! events). The keys are fixed seeds (the log is a measurement fixture, not a tournament).
//! With KEY_OUT, the first TD's key is written there (no passphrase), so a measurement can
//! sign on the log as that TD (the app's `device.key`).

use std::path::PathBuf;
use tdlog::events::{DirectorNote, Game, Genesis, KeyEnrolled, Payload};
use tdlog::keys::{DeviceKey, Role};
use tdlog::log::Log;

const AUTHORS: usize = 4;

fn note(i: usize) -> Payload {
    Payload::DirectorNote(DirectorNote {
        text: format!(
            "board {} table {}: director called, insufficient bid corrected",
            i % 27 + 1,
            i % 30 + 1
        ),
        board: Some((i % 27 + 1) as u32),
        table: Some((i % 30 + 1) as u32),
        round: Some((i / 810 + 1) as u32),
    })
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let out = PathBuf::from(args.next().ok_or("usage: synth_log OUT.tdlog [EVENTS]")?);
    let n: usize = match args.next() {
        Some(s) => s.parse()?,
        None => 1_000_000,
    };
    let key_out = args.next().map(PathBuf::from);
    if out.exists() {
        return Err(format!("{} exists: not overwriting a log", out.display()).into());
    }
    let chief = DeviceKey::from_seed([1; 32]);
    let tds: Vec<DeviceKey> = (0..AUTHORS)
        .map(|i| DeviceKey::from_seed([10 + i as u8; 32]))
        .collect();
    let genesis = Genesis {
        name: format!("Synthetic log, {n} events"),
        game: Game::Bridge,
        organiser: "benchmark".into(),
        rule_profile: "wbf-2017".into(),
        chief_td: "Chief".into(),
    };
    let mut log = Log::create(&out, &chief, genesis)?;
    for (i, k) in tds.iter().enumerate() {
        log.append(
            &chief,
            Payload::KeyEnrolled(KeyEnrolled {
                key: k.public(),
                role: Role::Td,
                holder: format!("TD {i}"),
            }),
        )?;
    }
    let (mut made, mut i) = (1 + AUTHORS, 0);
    while made < n {
        let batch = (n - made).min(5000);
        let ps: Vec<Payload> = (0..batch).map(|j| note(made + j)).collect();
        log.append_batch(&tds[i % AUTHORS], ps)?;
        made += batch;
        i += 1;
        if i % 20 == 0 {
            eprintln!("{made} events");
        }
    }
    eprintln!("{made} events written to {}", out.display());
    if let Some(path) = key_out {
        tds[0].save(&path, None)?;
        eprintln!("TD 0's key written to {}", path.display());
    }
    Ok(())
}
