//! `tdlog adjust`: the adjustment assistant (Law 12C1) for a board under a ruling, as the
//! app's panel shows it (`tdlog::views::adjust`): double-dummy table and par, the field's
//! results, and each outcome of a weighted score with its matchpoints or IMPs.
use super::{open_log_read_only, CliResult};
use clap::Args;
use std::fmt::Write as _;
use std::path::PathBuf;
use tdlog::i18n::Lang;
use tdlog::views::adjust::{AdjustScreen, FieldRow, OutcomeRow, Scored};
use tdlog::views::{self, AdjustAt, Replayed};

#[derive(Args)]
pub struct AdjustArgs {
    pub log: PathBuf,
    #[arg(long, default_value = "A")]
    pub section: String,
    #[arg(long)]
    pub board: u32,
    /// The table whose score is adjusted (with --table); default: the latest ruling's on the board.
    #[arg(long, requires = "table")]
    pub round: Option<u32>,
    #[arg(long, requires = "round")]
    pub table: Option<u32>,
    /// The weighted score being built (Law 12C1(c)): "4S= N 40%, 4S-1 N 60%".
    #[arg(long)]
    pub weights: Option<String>,
    /// E-W weighted differently (Law 12C1(c)/(e)): E-W's own outcomes; `--weights` then
    /// weighs N-S only.
    #[arg(long, requires = "weights")]
    pub weights_ew: Option<String>,
    /// Language of the texts: en, de or da.
    #[arg(long, env = "TDLOG_LANG", default_value = "en")]
    pub lang: Lang,
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: AdjustArgs) -> CliResult {
    let read = |w: &str| views::parse_outcomes(w).map_err(|e| e.msg(a.lang).text);
    let outcomes = match &a.weights {
        None => vec![],
        Some(w) => read(w)?,
    };
    let outcomes_ew = a.weights_ew.as_deref().map(read).transpose()?;
    let r = Replayed::new(open_log_read_only(&a.log)?.verify(None)?);
    let at = AdjustAt {
        section: a.section,
        board: a.board,
        round: a.round,
        table: a.table,
    };
    let v = views::adjust_split(&r, &at, &outcomes, outcomes_ew.as_deref(), a.lang)?;
    if a.json {
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        print!("{}", text(&v));
    }
    super::free_at_exit(r);
    Ok(0)
}

fn figures(s: &Scored, ns: &str, ew: &str) -> String {
    match (&s.text_ns, &s.text_ew) {
        (Some(a), Some(b)) => format!("{ns} {a} / {ew} {b}"),
        _ => s.note.clone().unwrap_or_default(),
    }
}

/// A field row's figures; a row without any (not played, an artificial score) shows none:
/// its result already says why.
fn field_figures(f: &FieldRow, ns: &str, ew: &str) -> String {
    match f.scored.text_ns {
        Some(_) => figures(&f.scored, ns, ew),
        None => String::new(),
    }
}

/// The assistant as plain text, every label in the reader's language.
pub fn text(v: &AdjustScreen) -> String {
    let l = &v.labels;
    let mut s = String::new();
    let _ = writeln!(s, "{}: {}", v.title.text, v.heading.text);
    let _ = writeln!(s, "{}. {}", v.dealer_vul.text, v.method_text.text);
    if let Some(r) = &v.table_result {
        let _ = writeln!(s, "{r}");
    }
    match &v.double_dummy {
        Some(dd) => {
            let _ = writeln!(s, "\n{} ({})", l.dd, dd.pbn);
            let _ = write!(s, "{:<14}", l.declarer);
            for st in &dd.strain_text {
                let _ = write!(s, "{st:>7}");
            }
            s.push('\n');
            for row in &dd.rows {
                let _ = write!(s, "{:<14}", row.declarer_text);
                for t in &row.tricks {
                    let _ = write!(s, "{t:>7}");
                }
                s.push('\n');
            }
            let _ = writeln!(s, "{}: {}", l.par, dd.par_text.join("; "));
        }
        None => {
            if let Some(m) = &v.no_deal {
                let _ = writeln!(s, "\n{}", m.text);
            }
        }
    }
    let _ = writeln!(s, "\n{}", l.field);
    if v.field.is_empty() {
        let _ = writeln!(s, "  {}", l.field_empty);
    }
    for f in &v.field {
        let line = format!(
            "{} R{} T{}  {} - {}  {}  {}",
            if f.other_table { '*' } else { ' ' },
            f.round,
            f.table,
            f.ns,
            f.ew,
            f.text,
            field_figures(f, &l.ns, &l.ew)
        );
        let _ = writeln!(s, "{}", line.trim_end());
    }
    if v.field.iter().any(|f| f.other_table) {
        let _ = writeln!(s, "  * {}", l.other_table);
    }
    let _ = writeln!(s, "\n{}", l.outcomes);
    if v.outcomes.is_empty() {
        let _ = writeln!(s, "  {}", l.outcomes_empty);
    }
    let rows = |s: &mut String, list: &[OutcomeRow]| {
        for o in list {
            let score = o.score_ns.map(|x| format!("NS {x:+}")).unwrap_or_default();
            let what = match &o.error {
                Some(e) => e.clone(),
                None => figures(&o.scored, &l.ns, &l.ew),
            };
            let _ = writeln!(s, "  {:>6} %  {}  {}  {}", o.share, o.text, score, what);
        }
    };
    rows(&mut s, &v.outcomes);
    if let Some(ew) = &v.outcomes_ew {
        let _ = writeln!(s, "{}", l.outcomes_ew);
        rows(&mut s, ew);
    }
    if let Some(w) = &v.weighted {
        let _ = writeln!(s, "  = {}: {}", l.weighted, figures(w, &l.ns, &l.ew));
    }
    s
}
