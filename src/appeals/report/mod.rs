//! The appeal form (dossier) and the casebook: what real forms and casebooks record
//! (bridge-software-landscape.md §5): board, dealer, vulnerability, deal, result, the facts,
//! the director's ruling and laws, who appealed and who signed, statements, the decision
//! and reasoning, deposit, and every step with its signer and signed time. Built once as
//! blocks, rendered as HTML or PDF, in English, German or Danish.

use super::{Appeal, Folded, Signed};
use crate::bridge::board::dealer;
use crate::events::{Category, Decision, Deposit, Forum, Party};
use crate::i18n::{tr, Lang};

pub use crate::report::Block;

mod board;
mod doko;
mod procedure;
use board::board_record;
pub use board::hand_diagram;
use doko::doko_dossier;
pub use procedure::procedure_rows;

fn cat_key(c: Category) -> &'static str {
    match c {
        Category::Law => "cat_law",
        Category::Judgement => "cat_judgement",
        Category::ProceduralPenalty => "cat_procedural_penalty",
        Category::Disciplinary => "cat_disciplinary",
    }
}

fn dec_key(d: Decision) -> &'static str {
    match d {
        Decision::Upheld => "dec_upheld",
        Decision::Changed => "dec_changed",
        Decision::RecommendationOnly => "dec_recommendation_only",
        Decision::WithoutMerit => "dec_without_merit",
    }
}

pub(super) fn party_key(p: Party) -> &'static str {
    match p {
        Party::Appellant => "party_appellant",
        Party::Respondent => "party_respondent",
        Party::Director => "party_director",
        Party::Witness => "party_witness",
    }
}

/// A signed time as the form prints it: in the event's time zone (`config.event`) with the
/// zone named, never the reading machine's (the one helper every time on a report goes
/// through; JSON keeps UTC).
fn when(f: &Folded, lang: Lang, wall_ms: i64) -> String {
    crate::i18n::local_time(lang, f.tournament.zone(), wall_ms)
}

/// The event's time zone as a report field: the zone and the `config.event` that set it
/// (every policy shown), or UTC when none is set.
fn zone_field(f: &Folded, lang: Lang) -> Block {
    let v = match &f.tournament.time_zone {
        Some((s, id)) => format!("{} ({} {})", s.time_zone, tr(lang, "set_by"), id.short()),
        None => "UTC".to_string(),
    };
    Block::Field(tr(lang, "time_zone").to_string(), v)
}

/// A signer's role in `lang` ("Mitglied des Schiedsgerichts", not "committee").
fn role_in(lang: Lang, r: crate::keys::Role) -> String {
    crate::i18n::t(lang, &format!("role.{}", r.as_str())).to_string()
}

/// Every signed step of an appeal, and the steps refused for it.
/// The parties' statements, each with who made it and when (none: nothing is shown).
fn statements(b: &mut Vec<Block>, f: &Folded, a: &Appeal, lang: Lang) {
    let t = |k: &str| tr(lang, k).to_string();
    if !a.statements.is_empty() {
        b.push(Block::Heading(t("statements")));
        for (s, signed) in &a.statements {
            b.push(Block::Para(format!(
                "{} - {} ({}): {}",
                t(party_key(s.party)),
                s.by,
                when(f, lang, signed.wall_ms),
                s.text
            )));
        }
    }
}

fn signatures(b: &mut Vec<Block>, f: &Folded, a: &Appeal, lang: Lang) {
    let t = |k: &str| tr(lang, k).to_string();
    let wf = &f.workflow;
    b.push(Block::Heading(t("signatures")));
    // A ruled table (header repeated on every page), not pipe-separated text.
    let columns = vec![
        crate::report::Column::new(t("time"), 4, false),
        crate::report::Column::new(t("step"), 4, false),
        crate::report::Column::new(t("signer"), 6, false),
        crate::report::Column::new(t("state"), 3, false),
        crate::report::Column::new(t("event_id"), 3, false),
    ];
    let row = |s: &Signed, state: String| {
        vec![
            when(f, lang, s.wall_ms),
            kind_name(lang, s.kind),
            format!("{} ({})", s.signer, role_in(lang, s.role)),
            state,
            s.event.short(),
        ]
    };
    // The pipeline's steps with the state each led to, and the procedure's steps (which
    // change no state), in the order they were signed.
    let mut signed: Vec<(i64, Vec<String>)> = a
        .steps
        .iter()
        .map(|s| {
            let st = t(&format!("st_{}", s.state.as_str()));
            (s.signed.wall_ms, row(&s.signed, st))
        })
        .collect();
    let procedure = a
        .notices
        .iter()
        .map(|x| &x.signed)
        .chain(a.hearings.iter().map(|x| &x.signed))
        .chain(a.announcements.iter().map(|x| &x.signed));
    signed.extend(procedure.map(|s| (s.wall_ms, row(s, String::new()))));
    signed.sort_by_key(|(ms, _)| *ms);
    let rows = signed.into_iter().map(|(_, r)| r).collect();
    b.push(Block::Table(crate::report::Table { columns, rows }));
    for c in &a.conflicts {
        b.push(Block::Heading(t("conflicts")));
        for st in &c.steps {
            b.push(Block::Para(format!(
                "{} {} {} ({}) {}",
                when(f, lang, st.wall_ms),
                kind_name(lang, st.kind),
                st.signer,
                role_in(lang, st.role),
                st.event.short()
            )));
        }
        match &c.resolved {
            None => b.push(Block::Para(t("conflict_open"))),
            Some(r) => b.push(Block::Para(format!(
                "{} {} ({}), {}: {} {}; {}",
                t("conflict_settled"),
                r.signed.signer,
                role_in(lang, r.signed.role),
                when(f, lang, r.signed.wall_ms),
                t("conflict_stands"),
                r.stands.short(),
                r.reason
            ))),
        }
    }
    let refused: Vec<_> = wf
        .flags
        .iter()
        .filter(|fl| fl.appeal == Some(a.id))
        .collect();
    if !refused.is_empty() {
        b.push(Block::Heading(t("flags")));
        for fl in refused {
            b.push(Block::Para(format!(
                "{} {}: {}",
                when(f, lang, fl.signed.wall_ms),
                kind_name(lang, fl.signed.kind),
                fl.message
            )));
        }
    }
}

/// The dossier of one appeal.
pub fn dossier(f: &Folded, a: &Appeal, lang: Lang) -> Vec<Block> {
    if let Some(c) = &a.doko {
        return doko_dossier(f, a, c, lang);
    }
    let t = |k: &str| tr(lang, k).to_string();
    let wf = &f.workflow;
    let tour = &f.tournament;
    let mut b = vec![Block::Title(format!(
        "{} {} ({}): {} {} / {} {}",
        t("appeal_form"),
        a.id.short(),
        tour.name,
        t("board"),
        a.slot.board,
        t("table"),
        a.slot.table
    ))];
    b.push(Block::Field(t("event"), tour.name.clone()));
    b.push(zone_field(f, lang));
    b.push(Block::Field(
        t("section"),
        format!(
            "{}  {} {}  {} {}  {} {}",
            a.slot.section,
            t("round"),
            a.slot.round,
            t("table"),
            a.slot.table,
            t("board"),
            a.slot.board
        ),
    ));
    let facts = tour.boards.get(&(a.slot.section.clone(), a.slot.board));
    let d = facts
        .and_then(|x| x.dealer)
        .unwrap_or_else(|| dealer(a.slot.board));
    b.push(Block::Field(
        t("dealer"),
        crate::i18n::t(lang, &format!("seat_name.{}", d.letter())).to_string(),
    ));
    let vul = tour
        .vulnerability(&a.slot.section, a.slot.board)
        .to_string();
    b.push(Block::Field(t("vulnerability"), t(&format!("vul_{vul}"))));
    let name = |id: &str| {
        tour.contestants
            .get(&(a.slot.section.clone(), id.to_string()))
            .map(|c| {
                // "5 (Anna Ahl, Bert Berg)", not "5 5 (...)": the name only when it says more.
                let named = !c.name.trim().is_empty() && c.name.trim() != id;
                match (named, c.members.is_empty()) {
                    (true, true) => format!("{id} {}", c.name),
                    (true, false) => format!("{id} {} ({})", c.name, c.members.join(", ")),
                    (false, true) => id.to_string(),
                    (false, false) => format!("{id} ({})", c.members.join(", ")),
                }
            })
            .unwrap_or_else(|| id.to_string())
    };
    b.push(Block::Field(t("ns"), name(&a.ns)));
    b.push(Block::Field(t("ew"), name(&a.ew)));
    if let Some(deal) = facts.and_then(|x| x.deal.as_deref()) {
        b.push(Block::Heading(t("deal")));
        let centre = vec![
            format!("{} {}", t("board"), a.slot.board),
            format!(
                "{}: {}",
                t("dealer"),
                crate::i18n::t(lang, &format!("seat_name.{}", d.letter()))
            ),
            format!("{}: {}", t("vulnerability"), t(&format!("vul_{vul}"))),
        ];
        match hand_diagram(deal, lang, centre) {
            Some(h) => b.push(Block::Hand(Box::new(h))),
            None => b.push(Block::Mono(deal.to_string())),
        }
    }
    if let Some(board) = tour.bridge.board(&a.slot) {
        board_record(&mut b, &board.view(), lang);
    }
    if let Some(s) = tour.slots.get(&a.slot) {
        if let Some(r) = &s.table_result {
            b.push(Block::Field(t("table_result"), r.describe_in(lang)));
        }
        b.push(Block::Field(t("score_now"), s.outcome().describe_in(lang)));
    }

    if let Some(r) = wf.rulings.get(&a.ruling) {
        let ru = &r.ruling;
        b.push(Block::Heading(t("the_facts")));
        if let Some((c, s)) = ru.call.and_then(|c| wf.calls.get(&c)) {
            b.push(Block::Field(
                t("director_call"),
                format!(
                    "{} ({}: {}, {}: {}; {} {})",
                    c.irregularity,
                    t("attention_by"),
                    c.attention_drawn_by,
                    t("called_by"),
                    c.called_by,
                    when(f, lang, s.wall_ms),
                    s.signer
                ),
            ));
        }
        b.push(Block::Para(format!(
            "{} ({})",
            ru.facts,
            if ru.facts_agreed {
                t("facts_agreed")
            } else {
                t("facts_disputed")
            }
        )));
        if let Some(o) = &ru.offender {
            b.push(Block::Field(t("offender"), o.clone()));
        }
        if !ru.options_offered.is_empty() {
            b.push(Block::Field(t("options"), ru.options_offered.join("; ")));
        }
        if let (Some(c), Some(by)) = (&ru.option_chosen, &ru.chosen_by) {
            b.push(Block::Field(t("chosen"), format!("{c} ({by})")));
        }
        b.push(Block::Heading(t("ruling")));
        b.push(Block::Para(ru.decision.clone()));
        if let Some(adj) = &ru.adjustment {
            // The TD's adjusted score as a score (Law 12), not only as stated at the table.
            b.push(Block::Field(
                t("adjusted_score"),
                crate::results::Outcome::Adjusted {
                    law: ru.laws.join(", "),
                    adjustment: adj.clone(),
                }
                .describe_in(lang),
            ));
        }
        b.push(Block::Field(t("laws"), cited(lang, &ru.laws)));
        b.push(Block::Field(t("category"), t(cat_key(ru.category))));
        b.push(Block::Field(
            t("director"),
            format!(
                "{} ({}), {}",
                r.signed.signer,
                role_in(lang, r.signed.role),
                when(f, lang, r.signed.wall_ms)
            ),
        ));
        b.push(Block::Field(
            t("appeal_notice"),
            t(if ru.appeal_notice { "yes" } else { "no" }),
        ));
    }

    b.push(Block::Heading(t("appeal")));
    b.push(Block::Field(t("appellant"), name(&a.appellant)));
    b.push(Block::Field(t("grounds"), a.grounds.clone()));
    b.push(Block::Field(
        t("consents"),
        if a.consents.is_empty() {
            t("none")
        } else {
            a.consents.join(", ")
        },
    ));
    b.push(Block::Field(
        t("filed"),
        format!(
            "{} ({})",
            when(f, lang, a.filed().wall_ms),
            a.filed().signer
        ),
    ));
    if let Some(dl) = a.deadline_ms {
        b.push(Block::Field(t("deadline"), when(f, lang, dl)));
    }
    b.push(Block::Field(
        t("state"),
        t(&format!("st_{}", a.state.as_str())),
    ));
    if let Some(r) = &a.route {
        let to = match r.to {
            Forum::ChiefTd => t("chief_director"),
            Forum::Committee => t("committee"),
        };
        let lo = if a.law_only {
            format!(", {}", t("law_only"))
        } else {
            String::new()
        };
        b.push(Block::Field(t("routing"), format!("{to}{lo}")));
    }
    if let Some(c) = &a.committee {
        let members: Vec<String> = c
            .members
            .iter()
            .map(|(k, h)| {
                if *k == c.chair {
                    format!("{h} ({})", t("chair"))
                } else {
                    h.clone()
                }
            })
            .collect();
        b.push(Block::Field(t("committee"), members.join(", ")));
    }
    if let Some(dep) = &wf.settings.deposit {
        // Settings version 3 on: the rule the deposit follows is the organiser's, shown.
        let v = if wf.settings_version.is_some_and(|v| v >= 3) {
            format!("{dep} ({})", t("deposit_rule"))
        } else {
            dep.clone()
        };
        b.push(Block::Field(t("deposit"), v));
    }

    statements(&mut b, f, a, lang);

    b.extend(procedure_rows(a, lang, &|ms| when(f, lang, ms)));

    for d in &a.decisions {
        let part = match d.part {
            Some(crate::events::Part::Law) => format!(" ({})", t("part_law")),
            Some(crate::events::Part::Judgement) => format!(" ({})", t("part_judgement")),
            None => String::new(),
        };
        b.push(Block::Heading(format!(
            "{}: {}{part}",
            t("decision"),
            t(dec_key(d.decided.decision))
        )));
        b.push(Block::Field(
            t("signer"),
            format!(
                "{} ({}), {}",
                d.signed.signer,
                role_in(lang, d.signed.role),
                when(f, lang, d.signed.wall_ms)
            ),
        ));
        if let Some(adj) = &d.decided.adjustment {
            b.push(Block::Field(
                t("adjusted_score"),
                crate::results::Outcome::Adjusted {
                    law: d.decided.laws.join(", "),
                    adjustment: adj.clone(),
                }
                .describe_in(lang),
            ));
        }
        if !d.decided.laws.is_empty() {
            b.push(Block::Field(t("laws"), cited(lang, &d.decided.laws)));
        }
        b.push(Block::Field(t("reasoning"), d.decided.reasoning.clone()));
        if let Some(dep) = d.deposit {
            let v = match dep {
                Deposit::Returned => t("deposit_returned"),
                Deposit::Kept => t("deposit_kept"),
            };
            b.push(Block::Field(t("deposit"), v));
        }
        if let Some(p) = &d.decided.penalty {
            b.push(Block::Field(t("penalty"), p.clone()));
        }
        b.extend(super::committee::cosign_rows(d, lang));
    }
    if let Some((r, s)) = &a.referral {
        b.push(Block::Field(
            t("referral"),
            format!("{} ({}): {}", r.to, when(f, lang, s.wall_ms), r.reason),
        ));
    }
    if let Some((x, s)) = &a.authority {
        b.push(Block::Heading(format!(
            "{}: {}",
            t("authority_answer"),
            t(dec_key(x.decision))
        )));
        b.push(Block::Field(
            t("signer"),
            format!(
                "{} ({}), {}, {}",
                s.signer,
                s.role,
                when(f, lang, s.wall_ms),
                x.authority
            ),
        ));
        b.push(Block::Field(t("document"), x.document.clone()));
        if let Some(adj) = &x.adjustment {
            b.push(Block::Field(
                t("adjusted_score"),
                crate::results::describe::adjustment(lang, adj),
            ));
        }
        if !x.laws.is_empty() {
            b.push(Block::Field(t("laws"), cited(lang, &x.laws)));
        }
        b.push(Block::Para(x.reasoning.clone()));
    }
    if let Some(w) = &a.withdrawn {
        b.push(Block::Field(t("withdrawn"), w.clone()));
    }

    signatures(&mut b, f, a, lang);
    b
}

/// Every appeal of the event, in filing order.
pub fn casebook(f: &Folded, lang: Lang) -> Vec<Block> {
    let mut appeals: Vec<&Appeal> = f.workflow.appeals.values().collect();
    appeals.sort_by_key(|a| (a.filed().wall_ms, a.id));
    let mut b = vec![Block::Title(format!(
        "{}: {} ({})",
        tr(lang, "casebook"),
        f.tournament.name,
        appeals.len()
    ))];
    // Each case from a new page, the first right under the title (a title alone on a page
    // wastes a sheet of every filed copy).
    for (i, a) in appeals.into_iter().enumerate() {
        if i > 0 {
            b.push(Block::PageBreak);
        }
        b.extend(dossier(f, a, lang));
    }
    b
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A self-contained HTML page.
pub fn html(blocks: &[Block], lang: Lang) -> String {
    let title = blocks
        .iter()
        .find_map(|b| match b {
            Block::Title(t) => Some(t.clone()),
            _ => None,
        })
        .unwrap_or_default();
    let mut o = format!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>\nbody{{font-family:Helvetica,Arial,sans-serif;max-width:50em;margin:2em auto;}}\ndt{{font-weight:bold;float:left;clear:left;width:14em;}}\ndd{{margin-left:15em;}}\npre{{background:#f4f4f4;padding:.5em;}}\n.red{{color:#c00;}}table.hand td{{border:none;vertical-align:top;padding:.3em 1em;}}table.hand td.centre{{border:1px solid #888;}}\ntable{{border-collapse:collapse;}}td{{border:1px solid #ccc;padding:.2em .4em;font-size:90%;}}\n.page{{page-break-before:always;}}\n</style>\n</head>\n<body>\n",
        lang.code(),
        esc(&title)
    );
    let mut in_dl = false;
    let mut in_table = false;
    for b in blocks {
        let is_field = matches!(b, Block::Field(..));
        let is_row = matches!(b, Block::Row(..));
        if in_dl && !is_field {
            o.push_str("</dl>\n");
            in_dl = false;
        }
        if in_table && !is_row {
            o.push_str("</table>\n");
            in_table = false;
        }
        match b {
            Block::Title(t) => o.push_str(&format!("<h1>{}</h1>\n", esc(t))),
            Block::Heading(t) => o.push_str(&format!("<h2>{}</h2>\n", esc(t))),
            Block::Field(k, v) => {
                if !in_dl {
                    o.push_str("<dl>\n");
                    in_dl = true;
                }
                o.push_str(&format!("<dt>{}</dt><dd>{}</dd>\n", esc(k), esc(v)));
            }
            Block::Para(t) => o.push_str(&format!("<p>{}</p>\n", esc(t))),
            Block::Mono(t) => o.push_str(&format!("<pre>{}</pre>\n", esc(t))),
            Block::Row(cells) => {
                if !in_table {
                    o.push_str("<table>\n");
                    in_table = true;
                }
                o.push_str("<tr>");
                for c in cells {
                    o.push_str(&format!("<td>{}</td>", esc(c)));
                }
                o.push_str("</tr>\n");
            }
            Block::Table(t) => {
                o.push_str("<table>\n<tr>");
                for c in &t.columns {
                    o.push_str(&format!("<th>{}</th>", esc(&c.title)));
                }
                o.push_str("</tr>\n");
                for r in &t.rows {
                    o.push_str("<tr>");
                    for (i, cell) in r.iter().enumerate() {
                        let right = t.columns.get(i).is_some_and(|c| c.right);
                        let style = if right {
                            " style=\"text-align:right\""
                        } else {
                            ""
                        };
                        o.push_str(&format!("<td{style}>{}</td>", esc(cell)));
                    }
                    o.push_str("</tr>\n");
                }
                o.push_str("</table>\n");
            }
            Block::Hand(h) => o.push_str(&h.html(esc)),
            Block::Boards(b) => o.push_str(&crate::report::boards_html(b, esc)),
            Block::PageBreak => o.push_str("<hr class=\"page\">\n"),
        }
    }
    if in_dl {
        o.push_str("</dl>\n");
    }
    if in_table {
        o.push_str("</table>\n");
    }
    o.push_str("</body>\n</html>\n");
    o
}

/// A PDF file (the shared writer, `crate::report::pdf`).
pub fn pdf(blocks: &[Block]) -> Vec<u8> {
    crate::report::pdf::render(blocks)
}

/// Laws as the edition cites them, one after another: "§ 16 B 1, § 12 C 1 (c)".
fn cited(lang: Lang, laws: &[String]) -> String {
    laws.iter()
        .map(|l| crate::i18n::cite(lang, l))
        .collect::<Vec<_>>()
        .join(", ")
}

/// An event type by its name in `lang` ("Protest eingelegt"), not the log's code.
fn kind_name(lang: Lang, kind: &str) -> String {
    crate::i18n::lookup(lang, &format!("event.{kind}"))
        .unwrap_or(kind)
        .to_string()
}
