//! A section's scoring policy on the set-up screen (issue 28): the policy in force (its own
//! `scoring.policy`, the event-wide one, or the defaults for its form) with every knob said in
//! words in the TD's language, and the form that changes the knobs a club sets (the method,
//! Law 78; the artificial adjusted scores, Law 12C2; the factoring of a board with fewer
//! results than the movement expects; how a teams match counts) into a new `scoring.policy`
//! for that section. Knobs the form does not set (roundings, VP scale, tie-breaks, factoring
//! rules, handicaps, a producer's totals at the full top and two winners, the last two said in
//! words when set) are kept as they are in force: a policy file set with `tdlog policy set`
//! is never undone by the form.
use super::Replayed;
use crate::events::{Form, Method, Payload, PolicySet, TeamTotals};
use crate::i18n::{cite, Lang, Msg};
use crate::scoring::policy::{MatchpointFactoring, MatchpointTotals, RankingFields};
use serde::{Deserialize, Serialize};

/// One knob of the policy in force, in words.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PolicyKnob {
    /// `method`, `artificial`, `factoring`, `totals`, `fields`, `team_totals`, `set_by`.
    pub key: &'static str,
    pub text: String,
}

/// The policy of a section as the form starts from it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PolicyView {
    pub section: String,
    pub form: Form,
    /// The `scoring.policy` event in force (hex), `None` for the defaults.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub set_by: Option<String>,
    pub method: Method,
    /// The methods a section of this form may be scored by (Law 78).
    pub methods: Vec<Method>,
    pub factoring: MatchpointFactoring,
    pub team_totals: TeamTotals,
    pub average_minus_pct: f64,
    pub average_pct: f64,
    pub average_plus_pct: f64,
    /// IMPs of an average plus in IMP scoring (Law 12C2(b)).
    pub imps: f64,
    pub note: String,
    /// Every knob in words, as the reports name them.
    pub knobs: Vec<PolicyKnob>,
}

/// The form's answer: the knobs a club sets, for one section.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct PolicyRequest {
    pub section: String,
    pub method: Method,
    pub factoring: MatchpointFactoring,
    pub team_totals: TeamTotals,
    pub average_minus_pct: f64,
    pub average_pct: f64,
    pub average_plus_pct: f64,
    pub imps: f64,
    pub note: String,
}

/// Why a policy cannot be signed, naming the law where one applies.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PolicyError {
    #[error("there is no section {0} in this log")]
    NoSection(String),
    #[error("Law 78: a {form:?} section is not scored by {method:?}")]
    Method { form: Form, method: Method },
    #[error("Law 12C2(a): average minus is at most 40 %, average plus at least 60 % (at most 100 %), and average between them")]
    Percentages,
    #[error("Law 12C2(b): the IMPs of an average plus must be a number from 0 to 24")]
    Imps,
    #[error("say why the policy is set or changed (at most 2000 characters)")]
    Note,
}

impl PolicyError {
    /// The code the app translates (`error.policy_<code>`).
    pub fn code(&self) -> &'static str {
        match self {
            PolicyError::NoSection(_) => "policy_no_section",
            PolicyError::Method { .. } => "policy_method",
            PolicyError::Percentages => "policy_percentages",
            PolicyError::Imps => "policy_imps",
            PolicyError::Note => "policy_note",
        }
    }
}

/// The methods of Law 78 a section of `form` may use.
pub fn methods_for(form: Form) -> Vec<Method> {
    match form {
        Form::Teams => vec![Method::TeamsImps],
        _ => vec![
            Method::Matchpoints,
            Method::CrossImps,
            Method::Butler,
            Method::TotalPoints,
        ],
    }
}

fn snake<T: Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// Every knob of `p` in words, in `lang`.
pub fn knobs(p: &PolicySet, form: Form, set_by: Option<&str>, lang: Lang) -> Vec<PolicyKnob> {
    let text = |key: &str, params: &[(&str, String)]| Msg::text(lang, key, params);
    let a = &p.artificial;
    let mut out = vec![PolicyKnob {
        key: "method",
        text: text(
            &format!("policy.method.{}", snake(&p.method)),
            &[("law", cite(lang, "78"))],
        ),
    }];
    let imps_scored = matches!(
        p.method,
        Method::CrossImps | Method::Butler | Method::TeamsImps
    );
    out.push(PolicyKnob {
        key: "artificial",
        text: if imps_scored {
            text(
                "policy.artificial.imps",
                &[("law", cite(lang, "12C2")), ("imps", num(a.imps_plus()))],
            )
        } else {
            text(
                "policy.artificial.pct",
                &[
                    ("law", cite(lang, "12C2")),
                    ("plus", num(a.average_plus_pct)),
                    ("avg", num(a.average_pct)),
                    ("minus", num(a.average_minus_pct)),
                ],
            )
        },
    });
    if p.method == Method::Matchpoints {
        out.push(PolicyKnob {
            key: "factoring",
            text: text(
                &format!(
                    "policy.factoring.{}",
                    snake(&p.scoring.matchpoints.factoring)
                ),
                &[],
            ),
        });
    }
    // Knobs a producer's policy sets (issue 30), said only when away from their defaults.
    if p.method == Method::Matchpoints && p.scoring.matchpoints.totals == MatchpointTotals::FullTop
    {
        out.push(PolicyKnob {
            key: "totals",
            text: text("policy.totals.full_top", &[]),
        });
    }
    if form == Form::Pairs && p.scoring.ranking.fields == RankingFields::ByDirection {
        out.push(PolicyKnob {
            key: "fields",
            text: text("policy.fields.by_direction", &[]),
        });
    }
    if form == Form::Teams {
        out.push(PolicyKnob {
            key: "team_totals",
            text: text(
                &format!("policy.team_totals.{}", snake(&p.team_totals)),
                &[],
            ),
        });
    }
    out.push(PolicyKnob {
        key: "set_by",
        text: match set_by {
            Some(id) => text(
                "policy.set_by",
                &[("event", id[..id.len().min(12)].to_string())],
            ),
            None => text("policy.default", &[]),
        },
    });
    out
}

fn num(x: f64) -> String {
    let s = format!("{x:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The policy of `section` in force, for the form.
pub fn policy_view(r: &Replayed, section: &str, lang: Lang) -> Result<PolicyView, PolicyError> {
    let t = &r.tournament;
    if !t.sections.contains_key(section) {
        return Err(PolicyError::NoSection(section.to_string()));
    }
    let form = t.form(section);
    let (p, id) = t.policy(section);
    let set_by = id.map(|h| h.to_hex());
    Ok(PolicyView {
        section: section.to_string(),
        form,
        knobs: knobs(&p, form, set_by.as_deref(), lang),
        set_by,
        method: p.method,
        methods: methods_for(form),
        factoring: p.scoring.matchpoints.factoring,
        team_totals: p.team_totals,
        average_minus_pct: p.artificial.average_minus_pct,
        average_pct: p.artificial.average_pct,
        average_plus_pct: p.artificial.average_plus_pct,
        imps: p.artificial.imps_plus(),
        note: String::new(),
    })
}

/// The `scoring.policy` of the form: the policy in force for the section with the form's
/// knobs changed, for that section only.
pub fn policy_payload(r: &Replayed, req: &PolicyRequest) -> Result<Payload, PolicyError> {
    let t = &r.tournament;
    let section = req.section.trim();
    if !t.sections.contains_key(section) {
        return Err(PolicyError::NoSection(section.to_string()));
    }
    let form = t.form(section);
    if !methods_for(form).contains(&req.method) {
        return Err(PolicyError::Method {
            form,
            method: req.method,
        });
    }
    let (lo, mid, hi) = (req.average_minus_pct, req.average_pct, req.average_plus_pct);
    let bounded = (0.0..=40.0).contains(&lo) && (60.0..=100.0).contains(&hi);
    if !([lo, mid, hi].iter().all(|x| x.is_finite()) && bounded && lo <= mid && mid <= hi) {
        return Err(PolicyError::Percentages);
    }
    if !req.imps.is_finite() || !(0.0..=24.0).contains(&req.imps) {
        return Err(PolicyError::Imps);
    }
    let note = req.note.trim();
    if note.is_empty() || note.chars().count() > 2000 {
        return Err(PolicyError::Note);
    }
    let (mut p, _) = t.policy(section);
    p.section = Some(section.to_string());
    p.method = req.method;
    p.scoring.matchpoints.factoring = req.factoring;
    p.team_totals = req.team_totals;
    p.artificial.average_minus_pct = lo;
    p.artificial.average_pct = mid;
    p.artificial.average_plus_pct = hi;
    if req.imps.fract() == 0.0 {
        p.artificial.imps = req.imps as u32;
        p.artificial.imps_decimal = None;
    } else {
        p.artificial.imps_decimal = Some(req.imps);
    }
    p.note = note.to_string();
    Ok(Payload::PolicySet(Box::new(p)))
}
