//! The verified archive index on the reading device (issue 32): a federation's casebook
//! query over a thousand tournaments must not verify every tournament's whole log every
//! time. Each tournament is read and verified once (`archive::all_cases`: signatures, filed
//! under its own id, the appeals folded with the code of `tdlog appeals`) and what that
//! gave is kept here: the tournament, every appeal of it, and the hub's row and author
//! counts it was made from. The next query reads a tournament's rows again only when the
//! hub has more of them; an unchanged one costs a line of the hub's listing.
//!
//! An entry lives in the device's data dir (`archive/<hub>/<log id>.idx`), signed with the
//! device's state key as the verified-state cache and the device record are: a holder of
//! the data dir without that key cannot plant an appeal or hide one, and an entry that
//! fails its check is set aside and rebuilt from the hub. What an entry holds was verified
//! when it was made; a hub that alters rows it already served without adding any is not
//! believed either way (the next read that sees new rows verifies all of them again).

use super::archive::{all_cases, tournament, Case, CaseFilter, Refused, Tournament};
use super::hub::Hub;
use super::SyncError;
use crate::log::Hash32;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

const DOMAIN: &[u8] = b"tdlog/archive-index/v2\n";
/// Where this version keeps its entries: an entry of another version (v1 had no TD or
/// outcome per case) is not read, and the next query makes it again.
const VERSION_DIR: &str = "v2";

/// What a tournament gave when it was verified, and the hub's counts then.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Entry {
    pub log_id: Hash32,
    pub events: u64,
    pub authors: u64,
    pub tournament: Tournament,
    /// Every appeal of the tournament (a query selects among them).
    pub cases: Vec<Case>,
}

/// The index of one hub on this device.
pub struct ArchiveIndex {
    data_dir: PathBuf,
    dir: PathBuf,
    /// Entries that failed their check and were set aside in this run.
    pub set_aside: Vec<(Hash32, String)>,
}

impl ArchiveIndex {
    /// The index for the hub `target` (its address as `Hub::target` names it) in the
    /// device's data dir.
    pub fn new(data_dir: &Path, target: &str) -> ArchiveIndex {
        let hub: [u8; 32] = Sha256::digest(target.as_bytes()).into();
        ArchiveIndex {
            data_dir: data_dir.to_owned(),
            dir: data_dir
                .join("archive")
                .join(&Hash32(hub).to_hex()[..16])
                .join(VERSION_DIR),
            set_aside: Vec::new(),
        }
    }

    fn path(&self, log_id: &Hash32) -> PathBuf {
        self.dir.join(format!("{}.idx", log_id.to_hex()))
    }

    /// The entry of `log_id` if it was made from exactly `events` rows by `authors` authors
    /// and its signature holds; `None` if there is none, it is stale, or it was set aside.
    pub fn get(&mut self, log_id: &Hash32, events: u64, authors: u64) -> Option<Entry> {
        let p = self.path(log_id);
        let text = std::fs::read(&p).ok()?;
        match self.parse(log_id, &text) {
            Ok(e) if e.events == events && e.authors == authors => Some(e),
            Ok(_) => None,
            Err(why) => {
                crate::log::device::set_aside(&p, "this device's archive index", &why);
                self.set_aside.push((*log_id, why));
                None
            }
        }
    }

    fn parse(&self, log_id: &Hash32, text: &[u8]) -> Result<Entry, String> {
        let body = crate::log::device::unseal(&self.data_dir, DOMAIN, text, "entry")?;
        let e: Entry = serde_json::from_slice(body).map_err(|e| format!("not an entry: {e}"))?;
        if e.log_id != *log_id || e.tournament.log_id != *log_id {
            return Err("the entry is for another tournament".into());
        }
        Ok(e)
    }

    /// Keeps `e` (written whole, then renamed into place). An index that cannot be written
    /// only costs time: the next query verifies the tournament again.
    pub fn put(&self, e: &Entry) -> Result<(), String> {
        let key = crate::log::device::state_key(&self.data_dir, true)
            .map_err(|e| e.to_string())?
            .ok_or("no state key")?;
        let body = serde_json::to_vec(e).map_err(|e| e.to_string())?;
        let text = crate::log::device::seal(&key, DOMAIN, body);
        std::fs::create_dir_all(&self.dir).map_err(|e| e.to_string())?;
        let p = self.path(&e.log_id);
        // One temporary file per process: two readers filling the index at once never
        // rename each other's half-written entry into place.
        let tmp = p.with_extension(format!("idx.tmp{}", std::process::id()));
        std::fs::write(&tmp, &text).map_err(|e| e.to_string())?;
        std::fs::rename(&tmp, &p).map_err(|e| e.to_string())
    }
}

/// How a query through the index went: tournaments answered from it, and read and
/// verified from the hub now.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct IndexUse {
    pub from_index: usize,
    pub verified_now: usize,
}

/// The casebook through this device's verified index (`archive_index`): a tournament whose
/// rows on the hub are as many (and by as many authors) as when it was verified is answered
/// from its entry; any other is read, verified and folded, and its entry kept.
pub fn casebook_indexed(
    hub: &mut Hub,
    f: &CaseFilter,
    index: &mut ArchiveIndex,
) -> Result<(Vec<Case>, Vec<Refused>, IndexUse), SyncError> {
    let (mut all, mut failed, mut used) = (Vec::new(), Vec::new(), IndexUse::default());
    for l in hub.logs()? {
        let cases = match index.get(&l.log_id, l.events, l.authors) {
            Some(e) => {
                used.from_index += 1;
                e.cases
            }
            None => {
                let t = match hub.row(&l.log_id, &l.log_id)? {
                    Some(g) => tournament(&l.log_id, g, l.events, l.authors),
                    None => Err("its genesis is not on the hub".into()),
                };
                let t = match t {
                    Ok(t) => t,
                    Err(why) => {
                        failed.push((l.log_id, why));
                        continue;
                    }
                };
                let rows = hub.all_rows(&t.log_id)?;
                used.verified_now += 1;
                match all_cases(&t, rows) {
                    Ok(cases) => {
                        let e = Entry {
                            log_id: l.log_id,
                            events: l.events,
                            authors: l.authors,
                            tournament: t,
                            cases,
                        };
                        if let Err(why) = index.put(&e) {
                            tracing::warn!("archive index not written: {why}");
                        }
                        e.cases
                    }
                    Err(why) => {
                        failed.push((t.log_id, why));
                        continue;
                    }
                }
            }
        };
        all.extend(cases.into_iter().filter(|c| f.selects(c)));
    }
    all.sort_by_key(|c| (c.filed_ms, c.appeal));
    Ok((all, failed, used))
}
