//! The federation archive (issue 17): the same hub holds many tournaments, and a casebook
//! query runs across them straight from the hub's rows. Nothing is taken on trust: a
//! tournament's listing comes from its genesis event, checked (signature, and filed under
//! its own id) as it is read; a casebook query verifies each tournament's whole log and
//! folds its appeals with the same code as `tdlog appeals`. A log that does not verify is
//! reported as such, never folded.

use super::hub::Hub;
use super::SyncError;
use crate::appeals;
use crate::events::Payload;
use crate::log::{verify, Hash32, Input, RawEvent};
use serde::{Deserialize, Serialize};

/// One tournament on the hub, from its verified genesis.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Tournament {
    pub log_id: Hash32,
    pub name: String,
    pub organiser: String,
    pub game: String,
    pub chief_td: String,
    /// The genesis' signed time (ms since the epoch, UTC).
    pub created_ms: i64,
    pub events: u64,
    pub keys: u64,
}

/// Checks a genesis as read from the hub and describes the tournament.
pub fn tournament(
    log_id: &Hash32,
    genesis: RawEvent,
    events: u64,
    keys: u64,
) -> Result<Tournament, String> {
    if genesis.id() != *log_id {
        return Err("the row filed as its genesis is another event".into());
    }
    let e = genesis.check().map_err(|e| e.to_string())?;
    match (&e.env.log_id, &e.payload) {
        (None, Payload::Genesis(g)) => Ok(Tournament {
            log_id: *log_id,
            name: g.name.clone(),
            organiser: g.organiser.clone(),
            game: serde_json::to_value(g.game)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default(),
            chief_td: g.chief_td.clone(),
            created_ms: e.env.wall_ms,
            events,
            keys,
        }),
        _ => Err("the row filed as its genesis is no genesis".into()),
    }
}

/// A tournament the archive could not read, and why.
pub type Refused = (Hash32, String);

/// Every tournament on the hub; those whose genesis fails are listed with why.
pub fn list(hub: &mut Hub) -> Result<Vec<Result<Tournament, Refused>>, SyncError> {
    let mut out = Vec::new();
    for l in hub.logs()? {
        let t = match hub.row(&l.log_id, &l.log_id)? {
            Some(g) => tournament(&l.log_id, g, l.events, l.authors).map_err(|why| (l.log_id, why)),
            None => Err((l.log_id, "its genesis is not on the hub".into())),
        };
        out.push(t);
    }
    Ok(out)
}

/// What a casebook query selects.
#[derive(Debug, Clone, Default)]
pub struct CaseFilter {
    /// A law as rulings cite it: "16" selects 16, 16B, 16B1 (not 160).
    pub law: Option<String>,
    /// Appeals filed at or after this time (ms since the epoch).
    pub since_ms: Option<i64>,
    /// Organiser, as the genesis names it (exact).
    pub organiser: Option<String>,
    /// The director who gave the ruling: part of the signing key's holder as enrolled
    /// ("Hansen" selects "Jens Hansen, laptop 2"), in any case.
    pub td: Option<String>,
    /// How the appeal ended (`appeals::stats::Outcome::as_str`: upheld, changed,
    /// recommendation_only, without_merit, withdrawn, open).
    pub outcome: Option<String>,
}

/// One appeal of the archive.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Case {
    pub log_id: Hash32,
    pub tournament: String,
    pub organiser: String,
    pub appeal: Hash32,
    pub filed: String,
    pub filed_ms: i64,
    pub section: String,
    pub round: u32,
    pub table: u32,
    pub board: u32,
    pub laws: Vec<String>,
    pub decision: String,
    pub appellant: String,
    pub state: appeals::pipeline::State,
    /// The director who signed the ruling (the key's holder as enrolled).
    pub td: String,
    /// How the appeal ended (`appeals::stats::outcome_of`).
    pub outcome: String,
}

/// True if `cited` (e.g. "16B1") is the law `law` (e.g. "16") or one of its parts.
pub fn cites(cited: &str, law: &str) -> bool {
    let c = cited.trim().trim_start_matches("Law ").trim();
    // "16" must not select "160"; "16B" selects "16B1".
    let ends_in_digit = law.ends_with(|ch: char| ch.is_ascii_digit());
    c.strip_prefix(law)
        .is_some_and(|rest| !(ends_in_digit && rest.starts_with(|ch: char| ch.is_ascii_digit())))
}

impl CaseFilter {
    /// Whether a case of a tournament by `organiser` is selected.
    pub fn selects(&self, c: &Case) -> bool {
        self.organiser.as_ref().is_none_or(|o| *o == c.organiser)
            && self
                .law
                .as_ref()
                .is_none_or(|l| c.laws.iter().any(|x| cites(x, l)))
            && self.since_ms.is_none_or(|s| c.filed_ms >= s)
            && self
                .td
                .as_ref()
                .is_none_or(|t| c.td.to_lowercase().contains(&t.to_lowercase()))
            && self.outcome.as_ref().is_none_or(|o| *o == c.outcome)
    }
}

/// The casebook statistics of a query's appeals over the archive: how many ended each way,
/// and how many cite each law number (an appeal citing 16B1 and 16D counts once under 16).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct CaseStats {
    pub appeals: usize,
    pub tournaments: usize,
    pub by_outcome: std::collections::BTreeMap<String, usize>,
    /// In law-number order ("9" before "16").
    pub by_law: Vec<(String, usize)>,
}

impl CaseStats {
    pub fn of(cases: &[Case]) -> CaseStats {
        let mut by_law: std::collections::BTreeMap<String, usize> = Default::default();
        let mut s = CaseStats {
            appeals: cases.len(),
            tournaments: cases
                .iter()
                .map(|c| c.log_id)
                .collect::<std::collections::BTreeSet<_>>()
                .len(),
            ..CaseStats::default()
        };
        for c in cases {
            *s.by_outcome.entry(c.outcome.clone()).or_default() += 1;
            let mut laws: Vec<String> = c
                .laws
                .iter()
                .map(|l| appeals::stats::law_number(l))
                .collect();
            laws.sort();
            laws.dedup();
            for l in laws {
                *by_law.entry(l).or_default() += 1;
            }
        }
        s.by_law = by_law.into_iter().collect();
        let n = |l: &str| l.parse::<u32>().unwrap_or(u32::MAX);
        s.by_law
            .sort_by(|a, b| (n(&a.0), &a.0).cmp(&(n(&b.0), &b.0)));
        s
    }
}

/// Verifies one tournament's rows and lists its appeals that `f` selects.
pub fn cases(t: &Tournament, rows: Vec<RawEvent>, f: &CaseFilter) -> Result<Vec<Case>, String> {
    Ok(all_cases(t, rows)?
        .into_iter()
        .filter(|c| f.selects(c))
        .collect())
}

/// Verifies one tournament's rows and lists every appeal of it.
pub fn all_cases(t: &Tournament, rows: Vec<RawEvent>) -> Result<Vec<Case>, String> {
    let inputs = rows
        .into_iter()
        .map(|raw| Input {
            raw,
            declared: None,
        })
        .collect();
    let v = verify(inputs, None).map_err(|e| e.to_string())?;
    if v.log_id != t.log_id {
        return Err("its rows are of another log".into());
    }
    let folded = appeals::fold(&v, None);
    let w = &folded.workflow;
    let mut out = Vec::new();
    for a in w.appeals.values() {
        let Some(r) = w.rulings.get(&a.ruling) else {
            continue;
        };
        let filed = a.filed();
        {
            out.push(Case {
                log_id: t.log_id,
                tournament: t.name.clone(),
                organiser: t.organiser.clone(),
                appeal: a.id,
                filed: filed.time.clone(),
                filed_ms: filed.wall_ms,
                section: a.slot.section.clone(),
                round: a.slot.round,
                table: a.slot.table,
                board: a.slot.board,
                laws: r.ruling.laws.clone(),
                decision: r.ruling.decision.clone(),
                appellant: a.appellant.clone(),
                state: a.state,
                td: r.signed.signer.clone(),
                outcome: appeals::stats::outcome_of(a).0.as_str().to_string(),
            });
        }
    }
    Ok(out)
}

/// The casebook across the archive: every selected appeal of every tournament (by
/// organiser first, read and verified one tournament at a time), and the tournaments that
/// could not be read, with why.
pub fn casebook(hub: &mut Hub, f: &CaseFilter) -> Result<(Vec<Case>, Vec<Refused>), SyncError> {
    let (mut all, mut failed) = (Vec::new(), Vec::new());
    for t in list(hub)? {
        let t = match t {
            Ok(t) => t,
            Err(x) => {
                failed.push(x);
                continue;
            }
        };
        if f.organiser.as_ref().is_some_and(|o| *o != t.organiser) {
            continue;
        }
        let rows = hub.all_rows(&t.log_id)?;
        match cases(&t, rows, f) {
            Ok(c) => all.extend(c),
            Err(why) => failed.push((t.log_id, why)),
        }
    }
    all.sort_by_key(|c| (c.filed_ms, c.appeal));
    Ok((all, failed))
}

#[cfg(test)]
mod tests {
    use super::cites;

    #[test]
    fn law_16_is_16_and_its_parts_only() {
        assert!(cites("16B1", "16"));
        assert!(cites("16", "16"));
        assert!(cites("Law 16B", "16"));
        assert!(!cites("160", "16"));
        assert!(!cites("1", "16"));
        assert!(cites("16B1", "16B"));
    }
}
