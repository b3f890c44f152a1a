//! A file's `Scoring` tag compared with the signed policy (Law 78D), never used as it.

use super::{Plan, Problem};

/// Law 78D: the method is the signed `scoring.policy`, so a file's `Scoring` tag is only
/// compared with it. Each tag value that the policy in force does not follow is a warning;
/// a value we cannot read is said so. The first `;`-separated word is the method.
pub fn scoring_warnings(plan: &Plan, policy: &crate::events::PolicySet) -> Vec<Problem> {
    use crate::events::Method;
    let mut out = vec![];
    for (tag, line) in &plan.scoring_tags {
        let word = tag
            .split(';')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        let agrees: Option<&[Method]> = match word.as_str() {
            "mp" | "matchpoints" => Some(&[Method::Matchpoints]),
            "imp" | "imps" => Some(&[Method::TeamsImps, Method::CrossImps, Method::Butler]),
            "cross-imps" | "cross-imp" | "crossimps" => Some(&[Method::CrossImps]),
            "butler" | "butler_pairs" => Some(&[Method::Butler]),
            "mp_pairs" => Some(&[Method::Matchpoints]),
            "cross_imp" | "cross_imp_pairs" => Some(&[Method::CrossImps]),
            "totalpoints" | "total" => Some(&[Method::TotalPoints]),
            _ => None,
        };
        let message = match agrees {
            None => format!(
                "Scoring {tag:?} is not a method tdlog reads; the signed scoring policy ({}) applies",
                method_name(policy.method)
            ),
            Some(ms) if !ms.contains(&policy.method) => format!(
                "Scoring {tag:?} disagrees with the signed scoring policy ({}), which applies (Law 78D: the conditions of contest decide)",
                method_name(policy.method)
            ),
            Some(_) => continue,
        };
        out.push(Problem {
            line: *line,
            board: None,
            message,
        });
    }
    out
}

fn method_name(m: crate::events::Method) -> &'static str {
    use crate::events::Method;
    match m {
        Method::Matchpoints => "matchpoints",
        Method::CrossImps => "cross_imps",
        Method::Butler => "butler",
        Method::TeamsImps => "teams_imps",
        Method::TotalPoints => "total_points",
    }
}
