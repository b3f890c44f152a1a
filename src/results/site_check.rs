//! A results site's board page checked the way it checks itself in a player's browser
//! (`site/page.js`), for `tdlog verify-site`: every event of its proof document by its bytes
//! and signature (`RawEvent::check`, as strict as a log's verify), every signer traced to the
//! genesis through the chief TD's enrolments, every event's inclusion proof against the
//! publication's tree (RFC 9162), the board's events and the publication present, and the
//! publication's signed tree heads naming that tree. Pure: a page's HTML in, a verdict out;
//! the reasons are the page's (`verify.*` in `i18n::site`).

use super::site_proof::PageProof;
pub use super::site_scores::{Mismatch, Scores};
use crate::events::Payload;
use crate::keys::Role;
use crate::log::hash::Hash32;
use crate::log::tree::TreeHead;
use crate::log::{merkle, CheckedEvent, RawEvent};
use std::collections::BTreeMap;

/// What a page's check found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Every check held: the board's events, the tree and who signed its head.
    Verified {
        events: usize,
        publication: Hash32,
        tree: TreeHead,
        signers: Vec<String>,
        /// The board's scores recomputed from its events (`site_scores`).
        scores: Scores,
        /// Every earlier publication this one only added to, with what it added on this
        /// board (the ruling or correction that moved a score).
        earlier: Vec<Added>,
    },
    /// Every event checks, but a line's scores are not what the events give under the
    /// signed policy: the page's HTML was changed (reason `score`).
    Score(Mismatch),
    /// A check failed: the reason's code (`signature`, `untraced_key`, `log_id`,
    /// `inclusion`, `missing`, `no_head`, `head_conflict`, `consistency`, `rewritten`,
    /// `malformed`, `script`) and the event (or the kept root).
    Failed {
        reason: &'static str,
        event: Option<Hash32>,
    },
    /// The page carries no proof (a site written before any publication, or not a board).
    NoProof,
}

/// What a publication added to an earlier one (RFC 9162 §2.1.4), as the page names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Added {
    pub publication: Hash32,
    pub signed_at: String,
    pub tree: TreeHead,
    /// How many events were added in all.
    pub events: u64,
    /// The board's own events added: each one's type and its signer.
    pub board: Vec<(String, String)>,
}

const PROOF_OPEN: &str = "<script type=\"application/json\" id=\"tdlog-proof\">";

/// Checks one page; `kept`: the root of a publication the player kept, which this page's
/// tree must have grown from.
pub fn check_page(html: &str, kept: Option<&Hash32>) -> Verdict {
    let Some(start) = html.find(PROOF_OPEN) else {
        return Verdict::NoProof;
    };
    let rest = &html[start + PROOF_OPEN.len()..];
    let Some(end) = rest.find("</script>") else {
        return failed("malformed", None);
    };
    let proof = &rest[..end];
    let page = super::site_html::Page::read(html);
    match serde_json::from_str::<PageProof>(proof) {
        Ok(doc) => match check(&page, &doc, kept) {
            // Checked, and the page is the tool's own: its verifier, words and style as
            // `site` writes them for this proof, and nothing that hides or changes text.
            Verdict::Verified { .. } if !ours(html, &page, proof) => failed("script", None),
            v => v,
        },
        Err(_) => failed("malformed", None),
    }
}

/// Whether the page runs the tool's own verifier with the tool's own words and style for
/// this proof: a publisher who rewrites them can make a page say anything in a browser,
/// which only a check from outside the page can see.
fn ours(html: &str, page: &super::site_html::Page, proof: &str) -> bool {
    let lang = html
        .find("<html lang=\"")
        .and_then(|i| html.get(i + 12..i + 14))
        .and_then(|code| code.parse::<crate::i18n::Lang>().ok());
    let Some(lang) = lang else {
        return false;
    };
    !page.foreign
        && page.scripts == 6
        && page.styles == 1
        && html.contains(&format!("<style>{}</style>", super::site::STYLE))
        && html.contains(&super::site::verification(proof, lang))
}

fn failed(reason: &'static str, event: Option<Hash32>) -> Verdict {
    Verdict::Failed { reason, event }
}

fn raw(e: &super::site_proof::PageEvent) -> Option<RawEvent> {
    Some(RawEvent {
        body: hex::decode(&e.body).ok()?,
        sig: hex::decode(&e.sig).ok()?,
        payload: hex::decode(&e.payload).ok()?,
    })
}

/// The event's bytes and signature checked; its id either way (for the reason).
// A verdict is made once a page, so its size in an `Err` costs nothing worth boxing.
#[allow(clippy::result_large_err)]
fn checked(e: &super::site_proof::PageEvent) -> Result<CheckedEvent, Verdict> {
    let r = raw(e).ok_or_else(|| failed("malformed", None))?;
    r.check().map_err(|_| failed("signature", Some(r.id())))
}

fn check(page: &super::site_html::Page, doc: &PageProof, kept: Option<&Hash32>) -> Verdict {
    // 1. Bytes and signatures.
    let mut events = Vec::with_capacity(doc.events.len());
    for e in &doc.events {
        match checked(e) {
            Ok(c) => events.push((c, e)),
            Err(v) => return v,
        }
    }
    // 2. The key chain from the genesis.
    let keys = match trace(
        &events.iter().map(|(c, _)| c).collect::<Vec<_>>(),
        doc.log_id,
    ) {
        Ok(k) => k,
        Err(v) => return v,
    };
    // 3. Every event in the published tree.
    for (c, e) in &events {
        let path: Option<Vec<merkle::Hash>> =
            e.path.as_ref().map(|p| p.iter().map(|h| h.0).collect());
        let ok = match (e.index, path) {
            (Some(i), Some(p)) => merkle::verify_inclusion(
                &merkle::leaf_hash(&c.id.0),
                i,
                doc.tree.size,
                &p,
                &doc.tree.root.0,
            )
            .is_ok(),
            _ => false,
        };
        if !ok {
            return failed("inclusion", Some(c.id));
        }
    }
    for id in doc
        .board
        .iter()
        .chain(&doc.context)
        .chain(std::iter::once(&doc.publication))
    {
        if !events.iter().any(|(c, _)| c.id == *id) {
            return failed("missing", Some(*id));
        }
    }
    // 4. The tree head, signed by keys that trace too.
    let mut signers = Vec::new();
    for h in &doc.heads {
        let c = match checked(h) {
            Ok(c) => c,
            Err(v) => return v,
        };
        let Payload::ResultsTreeHead(t) = &c.payload else {
            return failed("signature", Some(c.id));
        };
        if c.env.log_id != Some(doc.log_id) {
            return failed("log_id", Some(c.id));
        }
        let Some(k) = keys.get(&c.env.author).filter(|k| k.in_force(c.env.seq)) else {
            return failed("untraced_key", Some(c.id));
        };
        if t.publication != doc.publication {
            continue;
        }
        if t.size != doc.tree.size || t.root != doc.tree.root {
            return failed("head_conflict", Some(c.id));
        }
        if !signers.contains(&k.holder) {
            signers.push(k.holder.clone());
        }
    }
    if signers.is_empty() {
        return failed("no_head", None);
    }
    // 5. This tree only added to every earlier publication's (RFC 9162 §2.1.4).
    for e in &doc.earlier {
        let path: Vec<merkle::Hash> = e.path.iter().map(|h| h.0).collect();
        if merkle::verify_consistency(
            e.tree.size,
            doc.tree.size,
            &e.tree.root.0,
            &doc.tree.root.0,
            &path,
        )
        .is_err()
        {
            return failed("consistency", Some(e.publication));
        }
    }
    // A publication the player kept must be one of them, or this one.
    if let Some(k) = kept {
        if *k != doc.tree.root && !doc.earlier.iter().any(|e| e.tree.root == *k) {
            return failed("rewritten", Some(*k));
        }
    }
    // 6. The board's scores, recomputed from its events under the signed policy.
    let all: Vec<&CheckedEvent> = events.iter().map(|(c, _)| c).collect();
    let signer = |a: &Hash32| keys.get(a).map(|k| (k.role, k.holder.clone()));
    let scores = match super::site_scores::check(page, &all, &doc.board, signer) {
        Ok(s) => s,
        Err(m) => return Verdict::Score(m),
    };
    let earlier = doc
        .earlier
        .iter()
        .map(|e| Added {
            publication: e.publication,
            signed_at: e.signed_at.clone(),
            tree: e.tree,
            events: e.added,
            board: e
                .board_added
                .iter()
                .filter_map(|id| all.iter().find(|c| c.id == *id))
                .map(|c| {
                    let holder = keys.get(&c.env.author).map(|k| k.holder.clone());
                    (c.env.kind.to_string(), holder.unwrap_or_default())
                })
                .collect(),
        })
        .collect();
    Verdict::Verified {
        events: doc.board.len(),
        publication: doc.publication,
        tree: doc.tree,
        signers,
        scores,
        earlier,
    }
}

/// A key as the page's events enrol it.
struct Key {
    role: Role,
    holder: String,
    /// The last sequence number it may sign at (a revocation's, the lowest).
    last_valid: Option<u64>,
}

impl Key {
    fn in_force(&self, seq: u64) -> bool {
        self.last_valid.is_none_or(|l| seq <= l)
    }
}

/// Every signer traced from the genesis: its author is the first chief TD, and a key counts
/// once a chief TD in force enrolled it (replay order, as `log::playback` takes key events).
/// A page holds a subset of the log, each event proven to be in the published tree with
/// every key event of it, so "in the causal past" is not asked here.
#[allow(clippy::result_large_err)]
fn trace(events: &[&CheckedEvent], log_id: Hash32) -> Result<BTreeMap<Hash32, Key>, Verdict> {
    let geneses: Vec<&&CheckedEvent> = events
        .iter()
        .filter(|e| matches!(e.payload, Payload::Genesis(_)))
        .collect();
    let [g] = geneses.as_slice() else {
        return Err(failed("untraced_key", None));
    };
    if g.id != log_id || g.env.log_id.is_some() {
        return Err(failed("log_id", Some(g.id)));
    }
    for e in events {
        if e.id != g.id && e.env.log_id != Some(log_id) {
            return Err(failed("log_id", Some(e.id)));
        }
    }
    let order = super::site_scores::in_replay_order(events);
    let mut keys: BTreeMap<Hash32, Key> = BTreeMap::new();
    if let Payload::Genesis(gp) = &g.payload {
        keys.insert(
            g.env.author,
            Key {
                role: Role::ChiefTd,
                holder: gp.chief_td.clone(),
                last_valid: None,
            },
        );
    }
    for e in &order {
        let chief = keys
            .get(&e.env.author)
            .is_some_and(|k| k.role == Role::ChiefTd && k.in_force(e.env.seq));
        match &e.payload {
            Payload::KeyEnrolled(k) if chief => {
                keys.entry(k.key).or_insert(Key {
                    role: k.role,
                    holder: k.holder.clone(),
                    last_valid: None,
                });
            }
            Payload::KeyRevoked(r) if chief => {
                if let Some(k) = keys.get_mut(&r.key) {
                    k.last_valid = Some(
                        k.last_valid
                            .map_or(r.last_valid_seq, |l| l.min(r.last_valid_seq)),
                    );
                }
            }
            Payload::KeyEnrolled(_) | Payload::KeyRevoked(_) => {
                return Err(failed("untraced_key", Some(e.id)));
            }
            _ => {}
        }
    }
    for e in events {
        if !keys
            .get(&e.env.author)
            .is_some_and(|k| k.in_force(e.env.seq))
        {
            return Err(failed("untraced_key", Some(e.id)));
        }
    }
    Ok(keys)
}
