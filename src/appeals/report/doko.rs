//! The Doppelkopf dossier (the Schiedsrichter's ruling and the Schiedsgericht's decision, in
//! the Eppstein or DDV terms): what the appeal form holds for a game instead of a board.

use super::*;

/// A Doppelkopf ruling as one line: classification, offender, and what it decided.
pub(super) fn doko_ruling(r: &crate::doko::penalty::Ruling) -> String {
    let mut s = format!("{:?}, offender {}", r.classification, r.offender);
    if let Some(p) = r.decided_for {
        s.push_str(&format!(", decided for {p:?} (§8.5)"));
    }
    if r.opponent_absagen > 0 {
        s.push_str(&format!(
            ", opponents' Absagen {} (§8.6.2)",
            r.opponent_absagen
        ));
    }
    s
}

/// The dossier of a Doppelkopf objection: the game, the violation, the Schiedsrichter's
/// ruling, the objection, the Schiedsgericht's final decision, every signed step.
pub(super) fn doko_dossier(
    f: &Folded,
    a: &Appeal,
    c: &crate::appeals::doko::DokoCase,
    lang: Lang,
) -> Vec<Block> {
    let t = |k: &str| tr(lang, k).to_string();
    let wf = &f.workflow;
    let mut b = vec![Block::Title(format!(
        "{} {} ({}): {} {} / {} {}",
        t("appeal_form"),
        a.id.short(),
        f.tournament.name,
        t("doko_game"),
        c.at.game,
        t("table"),
        c.at.table
    ))];
    b.push(Block::Field(t("event"), f.tournament.name.clone()));
    b.push(zone_field(f, lang));
    b.push(Block::Field(
        t("doko_game"),
        format!(
            "{} {}  {} {}  {} {}  ({})",
            t("round"),
            c.at.round,
            t("table"),
            c.at.table,
            t("doko_game"),
            c.at.game,
            f.doko.rule_profile
        ),
    ));
    let players = wf.doko_players(&c.at);
    if !players.is_empty() {
        b.push(Block::Field(t("players"), players.join(", ")));
    }
    b.push(Block::Field(t("violation"), c.violation.to_string()));
    b.push(Block::Heading(t("referee_ruling")));
    b.push(Block::Field(t("classification"), doko_ruling(&c.ruling)));
    if let Some(r) = wf.doko.rulings.get(&(c.at, c.violation)) {
        b.push(Block::Field(
            t("director"),
            format!(
                "{} ({}), {}",
                r.signed.signer,
                role_in(lang, r.signed.role),
                when(f, lang, r.signed.wall_ms)
            ),
        ));
    }
    b.push(Block::Heading(t("objection")));
    b.push(Block::Field(
        t("filed"),
        format!(
            "{} ({})",
            when(f, lang, a.filed().wall_ms),
            a.filed().signer
        ),
    ));
    b.push(Block::Field(t("grounds"), a.grounds.clone()));
    b.push(Block::Field(
        t("state"),
        t(&format!("st_{}", a.state.as_str())),
    ));
    if wf.play_suspended(a) {
        b.push(Block::Field(t("play_suspended"), t("yes")));
    }
    if let Some(cm) = &a.committee {
        let m: Vec<String> = cm.members.iter().map(|(_, h)| h.clone()).collect();
        b.push(Block::Field(t("committee"), m.join(", ")));
    }
    statements(&mut b, f, a, lang);
    if let Some(d) = &c.decision {
        b.push(Block::Heading(t("tribunal_decision")));
        b.push(Block::Field(t("classification"), doko_ruling(d)));
        if let Some(s) = a
            .steps
            .iter()
            .rev()
            .find(|s| s.state == crate::appeals::pipeline::State::Decided)
        {
            b.push(Block::Field(
                t("signer"),
                format!(
                    "{} ({}), {}",
                    s.signed.signer,
                    s.signed.role,
                    when(f, lang, s.signed.wall_ms)
                ),
            ));
        }
    }
    signatures(&mut b, f, a, lang);
    b
}
