//! A static results site: the ranking of every section with the policy it was scored under,
//! every board's traveller with each line's audit trail (the signed events behind it), a
//! score card per contestant, and the log's head digest, in English, German and Danish.
//! Each board page can carry its proof document (`results::site_proof`) and the verifier
//! (`site/verify.js`, `site/page.js`), inline: opened from a file, with nothing remote, the
//! page checks the signed events behind the board against the signed tree head and says
//! verified or not, and why, in its language. Pure: a folded tournament in, `(path, html)`
//! pairs out; no server, one small stylesheet inline, tables that scroll sideways on a phone.

use super::score::{Ranking, ResultRow};
use super::tournament::Tournament;
use crate::i18n::{site_text as w, Lang};
use std::collections::BTreeMap;
use std::fmt::Write;

/// What identifies the log the site was written from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogHead {
    pub log_id: String,
    pub events: usize,
    /// SHA-256 over every standing event id in replay order (hex).
    pub digest: String,
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A file name for an id: letters and digits kept, anything else as `_xx` (its bytes in hex),
/// so every id gets its own file and no id can leave the directory.
pub fn slug(id: &str) -> String {
    let mut out = String::new();
    for b in id.bytes() {
        if b.is_ascii_alphanumeric() {
            out.push(b as char);
        } else {
            let _ = write!(out, "_{b:02x}");
        }
    }
    out
}

pub(crate) const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:.5rem;line-height:1.4}\
table{border-collapse:collapse;width:100%}th,td{padding:.25rem .4rem;border-bottom:1px solid #ccc;text-align:left}\
td.n{text-align:right;font-variant-numeric:tabular-nums}.wrap{overflow-x:auto}details{font-size:.9em}\
nav a{margin-right:.6rem}code{word-break:break-all}\
#verify-status{padding:.4rem .6rem;border-left:.3rem solid #999}#verify-status[data-state=verified]{border-color:#2a7d2e;background:#eef7ee}\
#verify-status[data-state=failed]{border-color:#b3261e;background:#fbeeed}\
#verify-keep code{word-break:break-all}#verify-keep input{font-family:monospace;max-width:100%}\
tr.mismatch td{background:#fbeeed;outline:1px solid #b3261e}";

fn page(lang: Lang, title: &str, body: &str, head: &LogHead) -> String {
    let mut p = String::new();
    let _ = write!(
        p,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        lang.code(),
        esc(title)
    );
    let _ = writeln!(
        p,
        "<nav>{}: <a href=\"../en/index.html\">EN</a><a href=\"../de/index.html\">DE</a><a href=\"../da/index.html\">DA</a></nav>",
        w(lang, "language")
    );
    p.push_str(body);
    let _ = write!(
        p,
        "<footer><p>{}</p><p>{}: <code>{}</code>, {}: {}<br>{}: <code>{}</code></p></footer>\n</body>\n</html>\n",
        w(lang, "generated"),
        w(lang, "log"),
        esc(&head.log_id),
        w(lang, "events"),
        head.events,
        w(lang, "log_digest"),
        esc(&head.digest)
    );
    p
}

fn num(x: Option<f64>) -> String {
    x.map_or(String::new(), |v| {
        let s = format!("{:.2}", v + 0.0);
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    })
}

/// The score a row shows: percentage for matchpoints, IMPs otherwise.
fn row_score(r: &ResultRow, ns: bool) -> String {
    let (p, i) = if ns {
        (r.pct_ns, r.imp_ns)
    } else {
        (r.pct_ew, r.imp_ew)
    };
    match (p, i) {
        (Some(p), _) => format!("{} %", num(Some(p))),
        (None, Some(i)) => format!("{} IMP", num(Some(i))),
        _ => String::new(),
    }
}

/// The verifier every board page carries (a classic script: pages opened from a file run
/// no module scripts), and the page's glue that runs it and writes the verdict.
const VERIFY_JS: &str = include_str!("site/verify.js");
const PAGE_JS: &str = include_str!("site/page.js");
/// The board's fold and scoring in the page (its scores recomputed from the events).
const BOARD_JS: &str = include_str!("site/board.js");
const SCORE_JS: &str = include_str!("site/score.js");

/// The verdict section of a board page: its proof document, the verifier, and the words of
/// every verdict in the page's language.
pub(crate) fn verification(proof: &str, lang: Lang) -> String {
    let mut words: serde_json::Map<String, serde_json::Value> = crate::i18n::SITE_VERIFY
        .iter()
        .map(|k| {
            (
                k.trim_start_matches("verify.").to_string(),
                serde_json::Value::String(w(lang, k).to_string()),
            )
        })
        .collect();
    // The names of the event types the page lists as added since an earlier publication.
    words.insert(
        "types".into(),
        serde_json::Value::Object(super::site_proof::added_types(proof, lang)),
    );
    format!(
        "<section id=\"verify\"><h2>{}</h2><p id=\"verify-status\" data-state=\"running\">{}</p></section>\n<script type=\"application/json\" id=\"tdlog-proof\">{proof}</script>\n<script type=\"application/json\" id=\"tdlog-words\">{}</script>\n<script>\n{VERIFY_JS}\n</script>\n<script>\n{SCORE_JS}\n</script>\n<script>\n{BOARD_JS}\n</script>\n<script>\n{PAGE_JS}\n</script>\n",
        w(lang, "verify.heading"),
        w(lang, "verify.running"),
        serde_json::Value::Object(words).to_string().replace("</", "<\\/")
    )
}

/// Every page of the site, for every language: `(relative path, html)`. `proofs`: each
/// board's proof document (`site_proof::board_proofs`); a board without one has no verdict.
pub fn site(
    t: &Tournament,
    rows: &[ResultRow],
    ranking: &Ranking,
    head: &LogHead,
    proofs: &BTreeMap<(String, u32), String>,
) -> Vec<(String, String)> {
    let mut out = vec![];
    let mut root = String::from("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
    root.push_str(&esc(&t.name));
    root.push_str("</title>\n</head>\n<body>\n<ul>\n");
    for lang in Lang::ALL {
        let _ = writeln!(
            root,
            "<li><a href=\"{0}/index.html\">{1} ({0})</a></li>",
            lang.code(),
            w(lang, "results")
        );
    }
    root.push_str("</ul>\n</body>\n</html>\n");
    out.push(("index.html".to_string(), root));
    for lang in Lang::ALL {
        out.extend(language(t, rows, ranking, head, proofs, lang));
    }
    out
}

fn language(
    t: &Tournament,
    rows: &[ResultRow],
    ranking: &Ranking,
    head: &LogHead,
    proofs: &BTreeMap<(String, u32), String>,
    lang: Lang,
) -> Vec<(String, String)> {
    let dir = lang.code();
    let mut out = vec![];
    let mut idx = String::new();
    let _ = writeln!(idx, "<h1>{} – {}</h1>", esc(&t.name), w(lang, "results"));
    for sp in &ranking.policies {
        let sec = &sp.section;
        let title = t.sections.get(sec).map_or(sec.clone(), |s| s.title.clone());
        let _ = writeln!(
            idx,
            "<h2>{} {} – {}</h2>",
            w(lang, "section"),
            esc(sec),
            esc(&title)
        );
        // The policy, as every report shows it.
        let _ = writeln!(
            idx,
            "<p>{}: {:?}; {}</p>",
            w(lang, "policy"),
            sp.policy.method,
            match sp.set_by {
                Some(id) => format!("{} <code>{}</code>", w(lang, "policy_event"), id.short()),
                None => w(lang, "policy_default").to_string(),
            }
        );
        let knobs = super::published::policy_knobs(&sp.policy);
        if !knobs.is_empty() {
            idx.push_str("<ul>");
            for k in knobs {
                let _ = write!(idx, "<li>{}</li>", esc(&k));
            }
            idx.push_str("</ul>\n");
        }
        let _ = writeln!(
            idx,
            "<div class=\"wrap\"><table>\n<tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
            w(lang, "place"),
            w(lang, "contestant"),
            w(lang, "total"),
            w(lang, "boards")
        );
        let mut field = None;
        for s in ranking.standings.iter().filter(|s| &s.section == sec) {
            // Two winners: each direction's field under its own heading.
            if s.field.is_some() && s.field != field {
                let d = if s.field.as_deref() == Some("NS") {
                    "ns"
                } else {
                    "ew"
                };
                let _ = writeln!(idx, "<tr><th colspan=\"4\">{}</th></tr>", w(lang, d));
            }
            field.clone_from(&s.field);
            let _ = writeln!(
                idx,
                "<tr><td>{}</td><td><a href=\"pair-{}-{}.html\">{}</a>{}</td><td class=\"n\">{} {}</td><td class=\"n\">{}</td></tr>",
                esc(&s.place),
                slug(sec),
                slug(&s.contestant),
                esc(&s.name),
                s.note
                    .as_ref()
                    .map(|n| format!("<br><small>{}</small>", esc(n)))
                    .unwrap_or_default(),
                num(Some(s.total)),
                s.unit,
                s.boards
            );
        }
        idx.push_str("</table></div>\n");
        let boards: std::collections::BTreeSet<u32> = rows
            .iter()
            .filter(|r| &r.section == sec)
            .map(|r| r.board)
            .collect();
        let _ = write!(idx, "<h3>{}</h3>\n<p>", w(lang, "travellers"));
        for b in &boards {
            let _ = write!(idx, "<a href=\"board-{}-{b}.html\">{b}</a> ", slug(sec));
        }
        idx.push_str("</p>\n");
        for b in &boards {
            out.push((
                format!("{dir}/board-{}-{b}.html", slug(sec)),
                page(
                    lang,
                    &format!("{} {b}", w(lang, "board")),
                    &(traveller(t, rows, sec, *b, lang)
                        + &proofs
                            .get(&(sec.clone(), *b))
                            .map(|p| verification(p, lang))
                            .unwrap_or_default()),
                    head,
                ),
            ));
        }
        for s in ranking.standings.iter().filter(|s| &s.section == sec) {
            out.push((
                format!("{dir}/pair-{}-{}.html", slug(sec), slug(&s.contestant)),
                page(
                    lang,
                    &s.name,
                    &card(t, rows, sec, &s.contestant, &s.name, lang),
                    head,
                ),
            ));
        }
    }
    out.push((format!("{dir}/index.html"), page(lang, &t.name, &idx, head)));
    out
}

fn traveller(t: &Tournament, rows: &[ResultRow], sec: &str, board: u32, lang: Lang) -> String {
    let mut h = String::new();
    let _ = writeln!(
        h,
        "<p><a href=\"index.html\">{}</a></p>\n<h1>{} {} – {} {board}</h1>",
        w(lang, "back"),
        w(lang, "section"),
        esc(sec),
        w(lang, "board")
    );
    let _ = writeln!(
        h,
        "<div class=\"wrap\"><table id=\"traveller\">\n<tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
        w(lang, "round"),
        w(lang, "table"),
        w(lang, "ns"),
        w(lang, "ew"),
        w(lang, "result"),
        w(lang, "ns"),
        w(lang, "ew")
    );
    for r in rows.iter().filter(|r| r.section == sec && r.board == board) {
        let key = crate::events::Slot {
            section: r.section.clone(),
            round: r.round,
            table: r.table,
            board: r.board,
        };
        let result = t
            .slots
            .get(&key)
            .map_or(r.result.clone(), |s| s.outcome().describe_in(lang));
        let _ = writeln!(
            h,
            // `line` and the cells' classes: what the page's verifier reads back and
            // recomputes (the text, as the player sees it).
            "<tr class=\"line\"><td class=\"n\">{}</td><td class=\"n\">{}</td><td>{}</td><td>{}</td><td class=\"result\">{}</td><td class=\"n score-ns\">{}</td><td class=\"n score-ew\">{}</td></tr>",
            r.round,
            r.table,
            esc(&r.ns),
            esc(&r.ew),
            esc(&result),
            row_score(r, true),
            row_score(r, false)
        );
        // The audit trail: every signed event behind this line.
        if let Some(s) = t.slots.get(&key) {
            let _ = write!(
                h,
                "<tr><td colspan=\"7\"><details><summary>{} ({})</summary><ol>",
                w(lang, "audit"),
                s.history.len()
            );
            for c in &s.history {
                // The event type by its name and the signer's role in the reader's language,
                // the law as the edition cites it.
                let _ = write!(
                    h,
                    "<li>{} {} – {} ({}){} <code>{}</code></li>",
                    esc(&c.time),
                    esc(crate::i18n::lookup(lang, &format!("event.{}", c.what)).unwrap_or(c.what)),
                    esc(&c.signer),
                    esc(crate::i18n::t(lang, &format!("role.{}", c.role.as_str()))),
                    c.law
                        .as_ref()
                        .map(|l| format!(", {}", esc(&crate::i18n::cite(lang, l))))
                        .unwrap_or_default(),
                    c.event.short()
                );
            }
            h.push_str("</ol>");
            if let Some(n) = super::note::say(&r.reasons, lang) {
                let _ = write!(h, "<p>{}: {}</p>", w(lang, "note"), esc(&n));
            }
            h.push_str("</details></td></tr>\n");
        }
    }
    h.push_str("</table></div>\n");
    h
}

fn card(t: &Tournament, rows: &[ResultRow], sec: &str, id: &str, name: &str, lang: Lang) -> String {
    let mut h = String::new();
    let _ = writeln!(
        h,
        "<p><a href=\"index.html\">{}</a></p>\n<h1>{} – {}</h1>",
        w(lang, "back"),
        w(lang, "score_card"),
        esc(name)
    );
    let _ = writeln!(
        h,
        "<div class=\"wrap\"><table>\n<tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
        w(lang, "board"),
        w(lang, "round"),
        w(lang, "direction"),
        w(lang, "opponents"),
        w(lang, "result"),
        w(lang, "score")
    );
    for r in rows
        .iter()
        .filter(|r| r.section == sec && (r.ns == id || r.ew == id))
    {
        let ns = r.ns == id;
        let key = crate::events::Slot {
            section: r.section.clone(),
            round: r.round,
            table: r.table,
            board: r.board,
        };
        let result = t
            .slots
            .get(&key)
            .map_or(r.result.clone(), |s| s.outcome().describe_in(lang));
        let _ = writeln!(
            h,
            "<tr><td><a href=\"board-{}-{}.html\">{}</a></td><td class=\"n\">{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"n\">{}</td></tr>",
            slug(sec),
            r.board,
            r.board,
            r.round,
            w(lang, if ns { "ns" } else { "ew" }),
            esc(if ns { &r.ew } else { &r.ns }),
            esc(&result),
            row_score(r, ns)
        );
    }
    h.push_str("</table></div>\n");
    h
}
