//! Every string of the engine a TD can read, per language: the message table (decision
//! trees, consequences, bars, flags), the report labels, the results site's labels, and the
//! refusal of every appeals-workflow guard. A German or Danish string with English words in
//! it fails (names, laws, abbreviations and codes in backticks are allowed). The UI's own
//! catalogues are checked the same way by ui/src/lib/i18n/plain.test.ts.

use tdlog::appeals::refusal;
use tdlog::appeals::GuardError;
use tdlog::i18n::{Lang, ASSISTANT, EVENTS, LABELS, NOTES, SITE, STATS, TEXTS, TREES};

const COMMON: &[&str] = &[
    "the",
    "and",
    "of",
    "with",
    "this",
    "that",
    "these",
    "those",
    "from",
    "you",
    "your",
    "be",
    "are",
    "has",
    "have",
    "which",
    "nobody",
    "none",
    "only",
    "must",
    "may",
    "cannot",
    "after",
    "before",
    "been",
    "will",
    "would",
    "should",
    "there",
    "their",
    "what",
    "when",
    "where",
    "who",
    "why",
    "how",
    "key",
    "open",
    "save",
    "show",
    "file",
    "error",
    "wrong",
    "please",
    "yet",
    "its",
    "it",
    "or",
    "yes",
    "signed",
    "recorded",
    "refused",
    "enrolled",
    "appeal",
    "ruling",
    "rulings",
    "director",
    "table",
    "round",
    "something",
    "went",
    "stays",
    "payload",
    "valid",
    "invalid",
    "not",
    "is",
    "nothing",
    "everything",
    "device",
    "result",
    "results",
    "committee",
    "chief",
    "player",
    "players",
    "consent",
    "missing",
    "period",
    "ended",
    "choose",
    "call",
    "calls",
];
/// English words that are also German or Danish words are not flagged in that language.
const NOT_GERMAN_EXTRA: &[&str] = &["to", "for", "on", "at", "by", "all"];
const NOT_DANISH_EXTRA: &[&str] = &["on"];
const ALLOWED: &[&str] = &[
    "tdlog", "pdf", "html", "pbn", "csv", "json", "usebio", "nt", "pass", "wbf", "dbv", "dbf",
    "ddv", "ok", "id",
];

/// The English words in a German or Danish string.
fn english_words(text: &str, lang: Lang) -> Vec<String> {
    let extra = if lang == Lang::De {
        NOT_GERMAN_EXTRA
    } else {
        NOT_DANISH_EXTRA
    };
    // Danish "have" (to have) is a Danish word.
    let common = |w: &str| COMMON.contains(&w) && !(lang == Lang::Da && w == "have");
    let mut cleaned = String::new();
    let mut skip = None::<char>;
    for c in text.chars() {
        match (skip, c) {
            (None, '{') => skip = Some('}'),
            (None, '`') => skip = Some('`'),
            (Some(end), c) if c == end => skip = None,
            (Some(_), _) => {}
            (None, c) => cleaned.push(c),
        }
    }
    let mut out: Vec<String> = cleaned
        .to_lowercase()
        .split(|c: char| !c.is_alphabetic() && c != '\'')
        .filter(|w| !w.is_empty())
        .filter(|w| (common(w) || extra.contains(w)) && !ALLOWED.contains(w))
        .map(str::to_owned)
        .collect();
    out.dedup();
    out
}

fn leaks(rows: &[(&str, &str, &str, &str)]) -> Vec<String> {
    let mut out = vec![];
    for (key, _en, de, da) in rows {
        for (lang, s) in [(Lang::De, de), (Lang::Da, da)] {
            let w = english_words(s, lang);
            if !w.is_empty() {
                out.push(format!("{lang} {key}: {} in {s:?}", w.join(", ")));
            }
        }
    }
    out
}

#[test]
fn the_detector_finds_english_and_leaves_german_and_danish_alone() {
    assert_eq!(english_words("Gefahrenlage None", Lang::De), ["none"]);
    assert!(english_words("signed only by nobody", Lang::Da).contains(&"nobody".to_string()));
    assert!(english_words("Kortet tages tilbage for at spille til bordet", Lang::Da).is_empty());
    assert!(english_words(
        "Das Board wird für {table} neu gewertet (`filed`)",
        Lang::De
    )
    .is_empty());
}

#[test]
fn the_message_table_report_labels_and_site_labels_are_free_of_english() {
    let mut all = leaks(TEXTS);
    all.extend(leaks(LABELS));
    all.extend(leaks(SITE));
    all.extend(leaks(STATS));
    all.extend(leaks(ASSISTANT));
    all.extend(leaks(tdlog::i18n::traveller::TRAVELLER));
    all.extend(leaks(TREES));
    all.extend(leaks(NOTES));
    all.extend(leaks(EVENTS));
    assert!(
        all.is_empty(),
        "English in German or Danish:\n{}",
        all.join("\n")
    );
}

/// One of every guard's refusals, with the names and times a real case has.
fn every_refusal() -> Vec<GuardError> {
    use GuardError::*;
    let s = |x: &str| x.to_string();
    vec![
        AppealLate {
            deadline: s("2026-09-21T22:30:00Z"),
            at: s("2026-09-21T22:31:00Z"),
        },
        ConsentMissing {
            appellant: s("SWEDEN"),
            may_consent: vec![s("Ola Rimstedt")],
            signed: vec![],
            rule: tdlog::appeals::ConsentRule::Captain,
        },
        NotAConsentingPlayer {
            player: s("Zoe Stranger"),
            appellant: s("SWEDEN"),
            may_consent: vec![s("Ola Rimstedt")],
        },
        NotAtTable {
            appellant: s("ITALY"),
            ns: s("CROATIA"),
            ew: s("SWEDEN"),
        },
        Disciplinary,
        LawOnlyRecommendation,
        LawOnlyToChiefTd,
        JudgementToCommittee,
        PartMissing,
        NoCommittee,
        NotCommitteeKey {
            holder: s("Jens Hansen, laptop 2"),
        },
        NotCommitteeMember {
            holder: s("Jens Hansen, laptop 2"),
        },
        MemberPlayed {
            holder: s("Ola Rimstedt"),
        },
        Quorum { have: 1, quorum: 3 },
        QuorumWithoutReason { quorum: 1 },
        NotChair {
            holder: s("Lena Lind (tablet)"),
            chair: s("Karl Kohl (tablet)"),
        },
        DecisionPending {
            decision: s("3f2a91c0"),
            have: 1,
            quorum: 3,
        },
        UnknownDecision {
            decision: s("3f2a91c0"),
        },
        NotCommitteeDecision {
            decision: s("3f2a91c0"),
        },
        AlreadySigned {
            holder: s("Lena Lind (tablet)"),
        },
        NotChiefTd {
            holder: s("Jens Hansen, laptop 2"),
            role: s("td"),
        },
        NotTheAuthority {
            authority: s("DBV"),
            referred: s("DBf"),
        },
        NoFurtherAppeal,
        LateCorrection {
            deadline: s("2026-09-21T22:30:00Z"),
        },
        ConsentMismatch {
            consent: s("3f2a91c0"),
        },
        UnknownCorrected {
            corrected: s("3f2a91c0"),
        },
        NotOwnRuling {
            owner: s("Klaus Meyer, laptop 3"),
        },
        UnknownRuling {
            ruling: s("3f2a91c0"),
        },
        UnknownAppeal {
            appeal: s("3f2a91c0"),
        },
        DokoObjectionLate {
            next: s("3f2a91c0"),
            next_at: s("2026-09-21T22:31:00Z"),
            at: s("2026-09-21T22:32:00Z"),
        },
        DokoNoRuling {
            game: s("3f2a91c0"),
            violation: 1,
        },
        DokoFinal,
        DokoNoObjection {
            game: s("3f2a91c0"),
            violation: 1,
        },
        DokoRefereeDecides {
            holder: s("Karl Schmidt"),
        },
        DokoDecisionElsewhere,
        GuardError::not_allowed(
            tdlog::appeals::pipeline::State::Filed,
            tdlog::appeals::pipeline::Step::Decide,
        ),
    ]
}

#[test]
fn every_refusal_of_the_appeals_workflow_reads_in_german_and_danish_without_english() {
    let mut bad = vec![];
    for e in every_refusal() {
        for lang in [Lang::De, Lang::Da] {
            let text = refusal(lang, &e);
            let w = english_words(&text, lang);
            if !w.is_empty() {
                bad.push(format!("{lang} {}: {} in {text:?}", e.code(), w.join(", ")));
            }
        }
        // The law (at least its number) is still cited.
        let de = refusal(Lang::De, &e);
        let law = e.law().trim_start_matches("Doko ");
        assert!(de.contains(&law[..2]), "{de}");
    }
    assert!(bad.is_empty(), "English in a refusal:\n{}", bad.join("\n"));
}
