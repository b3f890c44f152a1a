//! The contestants' names as a TD types them, one a line: `NUMBER = NAME`, optionally
//! `: MEMBER, MEMBER, ...` (`3 = Berg / Dahl: Anna Berg, Carl Dahl`; a team:
//! `2 = Lions: Ann, Bo, Cy, Di`). Blank lines and lines starting with `#` are skipped. A pair
//! keeps its number as its id in the section; a team is known by its name (the id results
//! and appeals show), else by its number.

use super::Entrant;
use crate::events::Form;
use std::collections::{BTreeMap, BTreeSet};

/// A names line that cannot be read, with its line number.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("names, line {line}: {message}")]
pub struct NamesError {
    pub line: usize,
    pub message: String,
}

/// Reads the names of `contestants` contestants of `form`.
pub fn parse_entrants(
    text: &str,
    form: Form,
    contestants: u32,
) -> Result<BTreeMap<u32, Entrant>, NamesError> {
    let mut out = BTreeMap::new();
    let mut ids = BTreeSet::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let bad = |message: String| NamesError { line, message };
        let s = raw.trim();
        if s.is_empty() || s.starts_with('#') {
            continue;
        }
        let (num, rest) = s
            .split_once('=')
            .ok_or_else(|| bad("expected NUMBER = NAME".into()))?;
        let n: u32 = num
            .trim()
            .parse()
            .map_err(|_| bad(format!("{:?} is not a contestant number", num.trim())))?;
        if n == 0 || n > contestants {
            return Err(bad(format!(
                "contestant {n} is not in the movement (1 to {contestants})"
            )));
        }
        let (name, members) = match rest.split_once(':') {
            Some((name, m)) => (
                name.trim(),
                m.split(',')
                    .map(|x| x.trim().to_string())
                    .filter(|x| !x.is_empty())
                    .collect(),
            ),
            None => (rest.trim(), vec![]),
        };
        if name.is_empty() {
            return Err(bad(format!("contestant {n} has no name")));
        }
        if name.chars().count() > 100 {
            return Err(bad("a name is at most 100 characters".into()));
        }
        let id = match form {
            Form::Teams => name.to_string(),
            _ => n.to_string(),
        };
        if !ids.insert(id.clone()) {
            return Err(bad(format!("{id:?} is named twice")));
        }
        let e = Entrant {
            id,
            name: name.to_string(),
            members,
        };
        if out.insert(n, e).is_some() {
            return Err(bad(format!("contestant {n} is named twice")));
        }
    }
    // A team named "3" and team number 3 left unnamed would share an id.
    for n in 1..=contestants {
        if !out.contains_key(&n) && ids.contains(&n.to_string()) {
            return Err(NamesError {
                line: 0,
                message: format!("the id {n} is both a name and an unnamed contestant's number"),
            });
        }
    }
    Ok(out)
}
