//! A file of another program (PBN as JFR Pary, RealBridge, Ruter or tdlog write it; USEBIO 1.2)
//! read into what it would sign, and shown before anything is signed (the app's import
//! dialog): its sections, contestants, movement, deals and results, each problem and warning
//! of the reader, and why it cannot be signed as it is. The same reader (`results::import`,
//! `results::usebio`) as `tdlog import`.
use super::Replayed;
use crate::events::{Form, Payload};
use crate::keys::Role;
use crate::results::import::{self, Plan};
use serde::Serialize;
use std::collections::BTreeSet;

/// The formats the app imports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FileKind {
    Pbn,
    Usebio,
    /// BridgeNZ Scorer's native XML (`<session>`), read as the USEBIO the converter writes.
    NzScorer,
}

impl FileKind {
    /// The format of a file by its name (`.pbn`, `.xml`), else by its first bytes; an XML
    /// file whose root is `<session>` is Scorer's.
    pub fn guess(name: &str, text: &str) -> FileKind {
        let lower = name.to_ascii_lowercase();
        let root = text
            .trim_start()
            .strip_prefix("<?xml")
            .and_then(|r| r.split_once("?>"))
            .map_or(text, |(_, r)| r)
            .trim_start();
        if root.starts_with("<session") {
            FileKind::NzScorer
        } else if lower.ends_with(".xml") || text.trim_start().starts_with('<') {
            FileKind::Usebio
        } else {
            FileKind::Pbn
        }
    }
}

/// Why a file cannot be read at all.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("{0}")]
    Pbn(#[from] crate::bridge::pbn::PbnError),
    #[error("{0}")]
    Usebio(#[from] crate::results::usebio::UsebioError),
    #[error("{0}")]
    NzScorer(#[from] crate::results::nz_scorer::NzScorerError),
    #[error("{0}")]
    Captain(String),
}

/// Reads `text` as `kind` into the plan of section `section`; `captains` (team, player)
/// are recorded with their teams (Law 92D).
pub fn read_plan(
    text: &str,
    kind: FileKind,
    section: &str,
    captains: &[(String, String)],
) -> Result<Plan, ImportError> {
    let mut plan = match kind {
        FileKind::Pbn => import::plan(&crate::bridge::pbn::parse(text)?, section),
        FileKind::Usebio => crate::results::usebio::plan(text, section)?,
        FileKind::NzScorer => crate::results::nz_scorer::plan(text, section)?,
    };
    plan.set_captains(captains).map_err(ImportError::Captain)?;
    Ok(plan)
}

/// Why the plan cannot be signed as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Blocked {
    /// The reader found problems: nothing is imported until the file is mended.
    Problems,
    /// The log already has a section of that name: every result would be signed twice.
    SectionExists,
    /// Artificial adjusted scores in the file are a TD's rulings (Law 12C2): a scorer's key
    /// cannot sign them.
    NeedsDirector,
    /// Nothing in the file to import.
    Empty,
}

/// What the import would sign.
#[derive(Debug, Clone, Serialize)]
pub struct ImportPreview {
    pub kind: FileKind,
    pub section: String,
    pub form: Option<Form>,
    pub records: usize,
    pub imported: usize,
    pub skipped: usize,
    pub problems: Vec<String>,
    pub warnings: Vec<String>,
    pub contestants: usize,
    /// Teams without a captain (Law 92D: a team's appeal needs its captain's consent).
    pub teams_without_captain: Vec<String>,
    pub tables: usize,
    pub rounds: usize,
    pub boards: usize,
    pub deals: usize,
    pub results: usize,
    pub not_played: usize,
    pub adjusted: usize,
    /// The producer's published scores the file carries (compared with tdlog's after the
    /// import, never used as the scores).
    pub published_lines: usize,
    pub producer: Option<String>,
    pub events: usize,
    pub blocked: Option<Blocked>,
    /// The producer's published scores beside the scores tdlog would give once the file is
    /// signed (`None`: the file publishes none, or has problems): shown before signing.
    pub comparison: Option<crate::results::published::Comparison>,
}

/// The plan's payloads folded into a copy of the log's tournament (unsigned, in memory), and
/// the file's published scores compared with what tdlog would score: as `tdlog import`
/// prints after signing, here before.
fn comparison_before_signing(r: &Replayed, plan: &Plan) -> crate::results::published::Comparison {
    use crate::log::{CheckedEvent, Envelope, Hash32, Projection};
    use crate::results::{published, ranking, results};
    let mut t = r.tournament.clone();
    let nobody = Hash32([0; 32]);
    let signer = crate::keys::KeyInfo {
        key: nobody,
        role: Role::Td,
        holder: "import preview".into(),
        enrolled_by: nobody,
        revoked: None,
    };
    for (i, p) in plan.payloads.iter().enumerate() {
        let n = i as u64 + 1;
        let env = Envelope {
            log_id: None,
            author: nobody,
            seq: n,
            prev: None,
            deps: vec![],
            lamport: n,
            wall_ms: 0,
            kind: p.kind().into(),
            v: p.current_version(),
            payload_hash: nobody,
            payload_len: 0,
        };
        let e = CheckedEvent {
            id: Hash32::digest(&[&n.to_le_bytes()]),
            env,
            payload: p.clone(),
        };
        t.apply(&e, &signer);
    }
    let rows = results(&t);
    let standings = ranking(&t, &rows).standings;
    published::compare(&plan.published, &rows, &standings, 0.01)
}

/// The preview of `plan` on this log, for a signer of `role`.
pub fn import_preview(
    r: &Replayed,
    plan: &Plan,
    kind: FileKind,
    role: Option<Role>,
) -> ImportPreview {
    let mut form = None;
    let mut section = String::new();
    let (mut contestants, mut tables, mut deals, mut results) = (0, 0, 0, 0);
    let (mut not_played, mut adjusted) = (0, 0);
    let (mut rounds, mut boards) = (BTreeSet::new(), BTreeSet::new());
    let mut no_captain = vec![];
    for p in &plan.payloads {
        match p {
            Payload::Section(s) => {
                form = Some(s.form);
                section = s.section.clone();
            }
            Payload::Contestant(c) => {
                contestants += 1;
                if c.captain.is_none() && !c.phantom {
                    no_captain.push(c.id.clone());
                }
            }
            Payload::TableAssignment(a) => {
                tables += 1;
                rounds.insert(a.round);
                boards.extend(a.boards.iter().copied());
            }
            Payload::BoardFacts(f) => {
                deals += usize::from(f.deal.is_some());
                boards.insert(f.board);
            }
            Payload::ResultRecorded(_) => results += 1,
            Payload::ResultNotPlayed(_) => not_played += 1,
            Payload::ScoreAdjusted(_) => adjusted += 1,
            _ => {}
        }
    }
    if form != Some(Form::Teams) {
        no_captain.clear();
    }
    let exists = plan.payloads.iter().any(
        |p| matches!(p, Payload::Section(s) if r.tournament.sections.contains_key(&s.section)),
    );
    let blocked = if !plan.problems.is_empty() {
        Some(Blocked::Problems)
    } else if plan.payloads.is_empty() {
        Some(Blocked::Empty)
    } else if exists {
        Some(Blocked::SectionExists)
    } else if adjusted > 0 && !matches!(role, Some(Role::Td | Role::ChiefTd)) {
        Some(Blocked::NeedsDirector)
    } else {
        None
    };
    ImportPreview {
        kind,
        section,
        form,
        records: plan.imported + plan.skipped,
        imported: plan.imported,
        skipped: plan.skipped,
        problems: plan.problems.iter().map(|p| p.to_string()).collect(),
        warnings: plan.warnings.iter().map(|p| p.to_string()).collect(),
        contestants,
        teams_without_captain: no_captain,
        tables,
        rounds: rounds.len(),
        boards: boards.len(),
        deals,
        results,
        not_played,
        adjusted,
        published_lines: plan.published.lines.len() + plan.published.totals.len(),
        producer: plan.published.program.clone(),
        events: plan.payloads.len(),
        comparison: (plan.problems.is_empty() && !plan.published.is_empty())
            .then(|| comparison_before_signing(r, plan)),
        blocked,
    }
}

#[cfg(test)]
mod tests {
    use super::FileKind;

    #[test]
    fn a_scorer_session_is_told_from_usebio_by_its_root() {
        let scorer = "<?xml version=\"1.0\"?>\n<session club=\"C\" scoring_type=\"MP\"/>";
        assert_eq!(FileKind::guess("pairs.xml", scorer), FileKind::NzScorer);
        assert_eq!(
            FileKind::guess("pairs.xml", "<USEBIO Version=\"1.2\"/>"),
            FileKind::Usebio
        );
        assert_eq!(FileKind::guess("r.pbn", "[Event \"\"]"), FileKind::Pbn);
    }
}
