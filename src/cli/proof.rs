//! `tdlog proof`: the published log as a Merkle tree (RFC 9162, `log::tree`) for auditors.
//! Each publication's tree head; a proof that an event is in a publication's tree; a proof
//! that a later publication only added to an earlier one, naming what it added; and a check
//! of a written proof without the log, as a player's browser would make it.

use super::{open_log_read_only, CliResult, KeyOpts};
use clap::Subcommand;
use std::path::PathBuf;
use tdlog::log::tree::{self, Consistency, Inclusion};
use tdlog::log::{merkle, Hash32, Verified};

#[derive(Subcommand, Debug)]
pub enum ProofCmd {
    /// Every publication's tree head (its size and root), in replay order.
    Heads {
        log: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Proof that an event is in a publication's tree (default: the latest publication).
    Inclusion {
        log: PathBuf,
        /// The event (its id, or the start of it).
        event: String,
        /// The publication (its id, or the start of it).
        #[arg(long)]
        publication: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Proof that a later publication's tree extends an earlier one's, and the events it
    /// added (default: the latest publication).
    Consistency {
        log: PathBuf,
        /// The earlier publication.
        #[arg(long)]
        from: String,
        /// The later publication.
        #[arg(long)]
        to: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Checks a proof written with `--json`, without the log: the hashes against the tree
    /// heads it names.
    Check { file: PathBuf },
}

/// A proof as `--json` writes it and `check` reads it.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(tag = "proof", rename_all = "snake_case")]
enum ProofFile {
    Inclusion(Inclusion),
    Consistency(Consistency),
}

type Error = Box<dyn std::error::Error + Send + Sync>;

pub fn run(c: ProofCmd) -> CliResult {
    match c {
        ProofCmd::Heads { log, json } => {
            let v = verified(&log)?;
            let signed = tree::signed_heads(&v);
            let holder = |k: &Hash32| {
                v.keys
                    .get(k)
                    .map_or_else(|| k.to_hex()[..12].to_string(), |i| i.holder.clone())
            };
            let mut out = Vec::new();
            for e in v
                .events
                .iter()
                .filter(|e| e.env.kind == "results.published")
            {
                let h = tree::head(&v, e.id)?;
                let mine: Vec<&tree::SignedHead> =
                    signed.iter().filter(|s| s.publication == e.id).collect();
                let signers: Vec<serde_json::Value> = mine
                    .iter()
                    .map(|s| {
                        serde_json::json!({
                            "event": s.event,
                            "signer": s.signer,
                            "holder": holder(&s.signer),
                            "size": s.head.size,
                            "root": s.head.root,
                            "matches": s.matches,
                        })
                    })
                    .collect();
                if !json {
                    println!(
                        "{} {} size {} root {}",
                        &e.id.to_hex()[..12],
                        tdlog::appeals::clocks::rfc3339(e.env.wall_ms),
                        h.size,
                        h.root.to_hex()
                    );
                    for s in &mine {
                        let what = if s.matches {
                            "signed"
                        } else {
                            "SIGNED A HEAD THAT DOES NOT MATCH THE LOG"
                        };
                        println!(
                            "  {what} by {} (event {}, size {}, root {})",
                            holder(&s.signer),
                            &s.event.to_hex()[..12],
                            s.head.size,
                            &s.head.root.to_hex()[..12]
                        );
                    }
                    if mine.is_empty() {
                        println!("  no signed tree head");
                    }
                }
                out.push(serde_json::json!({
                    "publication": e.id,
                    "signed_at": tdlog::appeals::clocks::rfc3339(e.env.wall_ms),
                    "size": h.size,
                    "root": h.root,
                    "signed": signers,
                }));
            }
            if json {
                println!("{}", serde_json::to_string_pretty(&out)?);
            } else if out.is_empty() {
                println!("no results have been published in this log");
            }
            // A head on the log that is not its publication's tree: exit 2, as `verify`'s
            // findings do.
            Ok(if signed.iter().all(|s| s.matches) {
                0
            } else {
                2
            })
        }
        ProofCmd::Inclusion {
            log,
            event,
            publication,
            json,
        } => {
            let v = verified(&log)?;
            let p = publication_id(&v, publication.as_deref())?;
            let e = event_id(&v, &event, "event", |_| true)?;
            let proof = tree::inclusion(&v, p, e)?;
            check_inclusion(&proof)?;
            if json {
                let f = ProofFile::Inclusion(proof);
                println!("{}", serde_json::to_string_pretty(&f)?);
            } else {
                println!(
                    "event {} is leaf {} of publication {}'s tree (size {}, root {}): {} hashes, verified",
                    e.to_hex(),
                    proof.index,
                    p.to_hex(),
                    proof.head.size,
                    proof.head.root.to_hex(),
                    proof.path.len()
                );
            }
            Ok(0)
        }
        ProofCmd::Consistency {
            log,
            from,
            to,
            json,
        } => {
            let v = verified(&log)?;
            let earlier = publication_id(&v, Some(&from))?;
            let later = publication_id(&v, to.as_deref())?;
            let proof = tree::consistency(&v, earlier, later)?;
            check_consistency(&proof)?;
            if json {
                let f = ProofFile::Consistency(proof);
                println!("{}", serde_json::to_string_pretty(&f)?);
                return Ok(0);
            }
            println!(
                "publication {}'s tree (size {}, root {}) extends publication {}'s (size {}, root {}): {} hashes, verified",
                later.to_hex(),
                proof.new.size,
                proof.new.root.to_hex(),
                earlier.to_hex(),
                proof.old.size,
                proof.old.root.to_hex(),
                proof.path.len()
            );
            println!("added since the earlier publication:");
            for id in &proof.added {
                if let Some(e) = v.events.iter().find(|e| e.id == *id) {
                    println!(
                        "  {} {} {}",
                        &id.to_hex()[..12],
                        tdlog::appeals::clocks::rfc3339(e.env.wall_ms),
                        e.env.kind
                    );
                }
            }
            Ok(0)
        }
        ProofCmd::Check { file } => {
            let text =
                std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
            let f: ProofFile = serde_json::from_str(&text)
                .map_err(|e| format!("{}: not a proof tdlog wrote: {e}", file.display()))?;
            match f {
                ProofFile::Inclusion(p) => {
                    check_inclusion(&p)?;
                    println!(
                        "verified: event {} is leaf {} of the tree of size {} with root {}",
                        p.event.to_hex(),
                        p.index,
                        p.head.size,
                        p.head.root.to_hex()
                    );
                }
                ProofFile::Consistency(p) => {
                    check_consistency(&p)?;
                    println!(
                        "verified: the tree of size {} with root {} extends the tree of size {} with root {}",
                        p.new.size,
                        p.new.root.to_hex(),
                        p.old.size,
                        p.old.root.to_hex()
                    );
                }
            }
            Ok(0)
        }
    }
}

/// `tdlog witness`: this device checks a publication's tree against its own copy of the log
/// and signs the same head (`results.tree_head`); the guard refuses a head that does not
/// match and a second one from the same key.
pub fn witness(log: PathBuf, publication: Option<String>, key: KeyOpts) -> CliResult {
    let v = verified(&log)?;
    let p = publication_id(&v, publication.as_deref())?;
    let h = tree::head(&v, p)?;
    warn_if_forged(&tree::signed_heads(&v), p);
    drop(v);
    sign_head(&log, &key, p, h)?;
    Ok(0)
}

/// A tree head of `p` on the log that does not match it is named before this device signs
/// the head its own copy gives.
fn warn_if_forged(signed: &[tree::SignedHead], p: Hash32) {
    if let Some(bad) = signed.iter().find(|s| s.publication == p && !s.matches) {
        eprintln!(
            "warning: a tree head of publication {} on the log does not match it (event {}); this device signs the head its own copy gives",
            p.to_hex(),
            bad.event.to_hex()
        );
    }
}

/// Signs `h` as this device's head of publication `p` (through the append guard).
fn sign_head(
    log: &std::path::Path,
    key: &KeyOpts,
    p: Hash32,
    h: tree::TreeHead,
) -> Result<(), Error> {
    let id = super::appeals::append(
        log,
        key,
        tdlog::events::Payload::ResultsTreeHead(tdlog::events::ResultsTreeHead {
            publication: p,
            size: h.size,
            root: h.root,
        }),
    )?;
    println!(
        "witnessed publication {}: its tree has {} events, root {} (event {})",
        p.to_hex(),
        h.size,
        h.root.to_hex(),
        id.to_hex()
    );
    Ok(())
}

/// `tdlog sync --witness`: every publication on the log whose tree this device's key has
/// not yet signed, checked against this copy and witnessed; how many heads were signed.
pub fn witness_all(log: &std::path::Path, key: &KeyOpts) -> Result<usize, Error> {
    let me = super::load_key(key)?.public();
    let v = verified(log)?;
    let signed = tree::signed_heads(&v);
    let todo: Vec<Hash32> = v
        .events
        .iter()
        .filter(|e| e.env.kind == "results.published")
        .map(|e| e.id)
        .filter(|p| !signed.iter().any(|s| s.publication == *p && s.signer == me))
        .collect();
    let mut heads = vec![];
    for p in todo {
        warn_if_forged(&signed, p);
        heads.push((p, tree::head(&v, p)?));
    }
    drop(v);
    for (p, h) in &heads {
        sign_head(log, key, *p, *h)?;
    }
    Ok(heads.len())
}

fn verified(log: &std::path::Path) -> Result<Verified, Error> {
    let v = open_log_read_only(log)?.verify(None)?;
    v.require_no_forks()?;
    Ok(v)
}

fn path(p: &[Hash32]) -> Vec<merkle::Hash> {
    p.iter().map(|h| h.0).collect()
}

fn check_inclusion(p: &Inclusion) -> Result<(), Error> {
    merkle::verify_inclusion(
        &merkle::leaf_hash(&p.event.0),
        p.index,
        p.head.size,
        &path(&p.path),
        &p.head.root.0,
    )?;
    Ok(())
}

fn check_consistency(p: &Consistency) -> Result<(), Error> {
    merkle::verify_consistency(
        p.old.size,
        p.new.size,
        &p.old.root.0,
        &p.new.root.0,
        &path(&p.path),
    )?;
    Ok(())
}

/// A publication named by its id or the start of it; the latest one when none is named.
fn publication_id(v: &Verified, s: Option<&str>) -> Result<Hash32, Error> {
    let is_publication = |e: &tdlog::log::CheckedEvent| e.env.kind == "results.published";
    match s {
        Some(s) => event_id(v, s, "publication", is_publication),
        None => v
            .events
            .iter()
            .rev()
            .find(|e| is_publication(e))
            .map(|e| e.id)
            .ok_or_else(|| "no results have been published in this log".into()),
    }
}

/// An event of `what` kind named by its id or the start of it.
fn event_id(
    v: &Verified,
    s: &str,
    what: &str,
    keep: impl Fn(&tdlog::log::CheckedEvent) -> bool,
) -> Result<Hash32, Error> {
    let s = s.to_ascii_lowercase();
    if s.is_empty() || !s.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(format!("{s:?} is not an event id (hex digits)").into());
    }
    let hits: Vec<Hash32> = v
        .events
        .iter()
        .filter(|e| keep(e) && e.id.to_hex().starts_with(&s))
        .map(|e| e.id)
        .collect();
    match hits.as_slice() {
        [h] => Ok(*h),
        [] => Err(format!("no {what} {s} in this log").into()),
        _ => Err(format!("{s} names more than one {what}; give more digits").into()),
    }
}
