//! The `[Adjusted "..."]` tag of tdlog's PBN export, read back into the TD's ruling (Law 12):
//! the tag holds the engine's English line (`results::describe::outcome_codes`), so a round
//! trip keeps an artificial (12C2), assigned (12C1(b)) or weighted (12C1(c)) score. A ruling
//! is a director's to sign: [`needs_director`] says so before anything is signed. Pure.

use super::Plan;
use crate::events::{Adjustment, Artificial, Payload, TableResult, Weighted};
use crate::keys::Role;

/// An import holding TDs' adjusted scores, refused to a key that may not sign them.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SignerError {
    #[error("{adjusted} adjusted score(s) in the file are a TD's rulings (Law 12C): role {role} may not sign them; nothing imported (import with a TD's or the chief TD's key)")]
    NeedsDirector { adjusted: usize, role: String },
}

/// Refuses `plan` to a signer of `role` (`None`: not enrolled) when it holds adjusted scores
/// and the signer is no director.
pub fn needs_director(plan: &Plan, role: Option<Role>) -> Result<(), SignerError> {
    let adjusted = plan
        .payloads
        .iter()
        .filter(|p| matches!(p, Payload::ScoreAdjusted(_)))
        .count();
    match role {
        _ if adjusted == 0 => Ok(()),
        Some(Role::Td | Role::ChiefTd) => Ok(()),
        other => Err(SignerError::NeedsDirector {
            adjusted,
            role: other.map_or("(not enrolled)".into(), |r| r.to_string()),
        }),
    }
}

/// Reads `adjusted under LAW: ...` into the law and the adjustment.
pub(crate) fn read(text: &str) -> Result<(String, Adjustment), String> {
    let bad = || {
        format!("Adjusted {text:?} is not tdlog's adjusted-score line (\"adjusted under LAW: artificial|assigned|weighted ...\")")
    };
    let rest = text
        .trim()
        .strip_prefix("adjusted under ")
        .ok_or_else(bad)?;
    let (law, what) = rest.split_once(": ").ok_or_else(bad)?;
    // The English line names the law as `Law 12C2`; the ruling holds `12C2`.
    let law = law.trim().strip_prefix("Law ").unwrap_or(law.trim());
    if law.is_empty() {
        return Err(bad());
    }
    let adjustment = if let Some(a) = what.strip_prefix("artificial NS ") {
        let (ns, ew) = a.split_once(" / EW ").ok_or_else(bad)?;
        Adjustment::Artificial {
            ns: artificial(ns).ok_or_else(bad)?,
            ew: artificial(ew).ok_or_else(bad)?,
        }
    } else if let Some(r) = what.strip_prefix("assigned ") {
        Adjustment::Assigned { result: result(r)? }
    } else if let Some(sides) = what.strip_prefix("weighted NS ") {
        let (ns, ew) = sides.split_once("; EW ").ok_or_else(bad)?;
        Adjustment::Weighted {
            ns: weights(ns)?,
            ew: Some(weights(ew)?),
        }
    } else if let Some(ns) = what.strip_prefix("weighted ") {
        Adjustment::Weighted {
            ns: weights(ns)?,
            ew: None,
        }
    } else {
        return Err(bad());
    };
    adjustment.check()?;
    Ok((law.to_string(), adjustment))
}

fn artificial(s: &str) -> Option<Artificial> {
    match s.trim() {
        "A+" => Some(Artificial::AveragePlus),
        "A" => Some(Artificial::Average),
        "A-" => Some(Artificial::AverageMinus),
        _ => None,
    }
}

/// `4SX by S, 10 tricks` or a bare contract (`Pass`).
fn result(s: &str) -> Result<TableResult, String> {
    let r = match s.split_once(" by ") {
        None => TableResult {
            contract: s.trim().to_string(),
            declarer: None,
            tricks: None,
        },
        Some((contract, rest)) => {
            let (seat, tricks) = rest
                .split_once(", ")
                .and_then(|(d, t)| Some((d, t.strip_suffix(" tricks")?)))
                .ok_or_else(|| {
                    format!("adjusted result {s:?}: not \"CONTRACT by SEAT, N tricks\"")
                })?;
            TableResult {
                contract: contract.trim().to_string(),
                declarer: Some(
                    seat.parse()
                        .map_err(|_| format!("adjusted result {s:?}: no seat {seat:?}"))?,
                ),
                tricks: Some(
                    tricks
                        .parse()
                        .map_err(|_| format!("adjusted result {s:?}: tricks {tricks:?}"))?,
                ),
            }
        }
    };
    r.check()?;
    Ok(r)
}

/// `2/3 of 4S by S, 10 tricks + 1/3 of 4S by S, 9 tricks`: each weight over the same total.
fn weights(s: &str) -> Result<Vec<Weighted>, String> {
    let mut out = vec![];
    let mut totals = vec![];
    for item in s.split(" + ") {
        let (frac, r) = item
            .split_once(" of ")
            .ok_or_else(|| format!("weighted outcome {item:?}: not \"W/TOTAL of RESULT\""))?;
        let (w, total) = frac
            .split_once('/')
            .and_then(|(w, t)| Some((w.parse::<u32>().ok()?, t.parse::<u32>().ok()?)))
            .ok_or_else(|| format!("weighted outcome {item:?}: weight {frac:?}"))?;
        totals.push(total);
        out.push(Weighted {
            weight: w,
            result: result(r)?,
        });
    }
    let sum: u32 = out.iter().map(|w| w.weight).sum();
    if totals.iter().any(|&t| t != sum) {
        return Err(format!(
            "weighted score {s:?}: the weights add up to {sum}, not to the total written (Law 12C1(c))"
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::seat::Seat;
    use crate::results::Outcome;

    fn tr(c: &str, d: Option<Seat>, t: Option<u8>) -> TableResult {
        TableResult {
            contract: c.into(),
            declarer: d,
            tricks: t,
        }
    }

    fn back(law: &str, a: Adjustment) {
        let line = Outcome::Adjusted {
            law: law.into(),
            adjustment: a.clone(),
        }
        .describe();
        assert_eq!(read(&line), Ok((law.to_string(), a)), "{line}");
    }

    #[test]
    fn every_adjustment_the_pbn_export_writes_reads_back_the_same() {
        back(
            "12C2",
            Adjustment::Artificial {
                ns: Artificial::AveragePlus,
                ew: Artificial::AverageMinus,
            },
        );
        back(
            "12C1(b)",
            Adjustment::Assigned {
                result: tr("3HX", Some(Seat::W), Some(9)),
            },
        );
        back(
            "12C1(b)",
            Adjustment::Assigned {
                result: tr("Pass", None, None),
            },
        );
        let w = |n, t| Weighted {
            weight: n,
            result: tr("4S", Some(Seat::S), Some(t)),
        };
        back(
            "12C1(c)",
            Adjustment::Weighted {
                ns: vec![w(2, 10), w(1, 9)],
                ew: None,
            },
        );
        back(
            "12C1(e)",
            Adjustment::Weighted {
                ns: vec![w(3, 10), w(1, 9)],
                ew: Some(vec![w(1, 10), w(1, 9)]),
            },
        );
    }

    #[test]
    fn a_line_tdlog_does_not_write_is_refused_naming_the_tag() {
        for bad in [
            "A+/A-",
            "adjusted under 12C2: artificial NS A++ / EW A-",
            "adjusted under 12C1(c): weighted 2/4 of 4S by S, 10 tricks + 1/4 of 4S by S, 9 tricks",
            "adjusted under 12C1(b): assigned 8S by S, 10 tricks",
        ] {
            let e = read(bad).unwrap_err();
            assert!(!e.is_empty(), "{bad}");
        }
    }
}
