//! The appeal's procedure on the form: notifications, hearings, announcements (the steps
//! themselves are folded by `appeals::procedure`; this only prints them).

/// The procedure as report rows: notifications, hearings (time, place, who attended),
/// announcements, each with who signed it and when; `when` prints a time in the event's
/// zone and the reader's language.
pub fn procedure_rows(
    a: &crate::appeals::Appeal,
    lang: crate::i18n::Lang,
    when: &dyn Fn(i64) -> String,
) -> Vec<crate::report::Block> {
    use crate::i18n::tr;
    use crate::report::Block;
    let t = |k: &str| tr(lang, k).to_string();
    let mut out = vec![];
    if a.notices.is_empty() && a.hearings.is_empty() && a.announcements.is_empty() {
        return out;
    }
    out.push(Block::Heading(t("procedure")));
    let by = |s: &crate::appeals::Signed| format!("{}, {}", s.signer, when(s.wall_ms));
    for n in &a.notices {
        let mut v = n.step.parties.join(", ");
        if let Some(at) = n.step.hearing_at_ms {
            v.push_str(&format!("; {}: {}", t("hearing_at"), when(at)));
        }
        if let Some(pl) = &n.step.place {
            v.push_str(&format!(", {pl}"));
        }
        if let Some(note) = &n.step.note {
            v.push_str(&format!("; {note}"));
        }
        out.push(Block::Field(
            format!("{} ({})", t("notified"), by(&n.signed)),
            v,
        ));
    }
    for h in &a.hearings {
        let who: Vec<String> = h
            .step
            .attended
            .iter()
            .map(|x| format!("{} ({})", x.name, t(super::party_key(x.party))))
            .collect();
        let mut v = format!(
            "{}, {}; {}: {}",
            when(h.step.began_ms),
            h.step.place,
            t("attended"),
            who.join(", ")
        );
        if let Some(note) = &h.step.note {
            v.push_str(&format!("; {note}"));
        }
        out.push(Block::Field(
            format!("{} ({})", t("hearing"), by(&h.signed)),
            v,
        ));
    }
    for x in &a.announcements {
        let mut v = format!(
            "{} {}: {}",
            t("decision"),
            x.step.decision.short(),
            x.step.parties.join(", ")
        );
        if let Some(note) = &x.step.note {
            v.push_str(&format!("; {note}"));
        }
        out.push(Block::Field(
            format!("{} ({})", t("announced"), by(&x.signed)),
            v,
        ));
    }
    out
}
