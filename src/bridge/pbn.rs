//! A small reader for PBN (Portable Bridge Notation) game records: tags, and the token
//! sections that follow `[Auction]` and `[Play]`. Pure: it parses a string.
use std::collections::BTreeMap;

/// One game record: its tags in order, and the section text after each tag.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PbnRecord {
    pub tags: Vec<(String, String)>,
    pub sections: BTreeMap<String, Vec<String>>,
    /// 1-based line number where the record starts, for error messages.
    pub line: usize,
}

impl PbnRecord {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Whitespace-separated tokens of a tag's section (comments removed).
    pub fn section_tokens(&self, name: &str) -> Vec<String> {
        self.sections
            .get(name)
            .map(|lines| {
                lines
                    .iter()
                    .flat_map(|l| l.split_whitespace().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    }

    pub fn section_lines(&self, name: &str) -> &[String] {
        self.sections.get(name).map_or(&[], |v| v.as_slice())
    }
}

/// A line that is not a well-formed tag.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("PBN line {line}: malformed tag {text:?} (expected [Name \"value\"])")]
pub struct PbnError {
    pub line: usize,
    pub text: String,
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((name.to_string(), value.replace("\\\"", "\"")))
}

/// Remove `{...}` comments (possibly spanning lines) and `;` line comments.
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    for line in text.lines() {
        if depth == 0 && line.starts_with('%') {
            out.push('\n');
            continue;
        }
        let mut in_string = false;
        for ch in line.chars() {
            match ch {
                '"' if depth == 0 => {
                    in_string = !in_string;
                    out.push(ch);
                }
                '{' if !in_string => depth += 1,
                '}' if !in_string && depth > 0 => depth -= 1,
                ';' if !in_string && depth == 0 => break,
                _ if depth == 0 => out.push(ch),
                _ => {}
            }
        }
        out.push('\n');
    }
    out
}

/// Split a PBN file into game records. A tag value `#` repeats the previous record's value.
pub fn parse(text: &str) -> Result<Vec<PbnRecord>, PbnError> {
    let clean = strip_comments(text);
    let mut records = Vec::new();
    let mut cur = PbnRecord::default();
    let mut section: Option<String> = None;
    let mut prev_tags: Vec<(String, String)> = Vec::new();
    for (n, raw) in clean.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() {
            if !cur.tags.is_empty() {
                prev_tags = cur.tags.clone();
                records.push(std::mem::take(&mut cur));
            }
            section = None;
            continue;
        }
        if line.starts_with('[') {
            let (name, mut value) = parse_tag(line).ok_or_else(|| PbnError {
                line: n + 1,
                text: line.to_string(),
            })?;
            if value == "#" {
                if let Some((_, v)) = prev_tags.iter().find(|(k, _)| *k == name) {
                    value = v.clone();
                }
            }
            if cur.tags.is_empty() {
                cur.line = n + 1;
            }
            cur.tags.push((name.clone(), value));
            section = Some(name);
            continue;
        }
        if let Some(s) = &section {
            cur.sections
                .entry(s.clone())
                .or_default()
                .push(line.to_string());
        }
    }
    if !cur.tags.is_empty() {
        records.push(cur);
    }
    Ok(records)
}

/// A PBN table (PBN 2.1 §5: `ScoreTable`, `TotalScoreTable`, `OptimumResultTable`): the tag's
/// value names the columns (`Name\<width><L|R>`, the width is layout only), the lines after
/// it are the rows. Columns are read by name, never by position, because every producer
/// orders them differently.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PbnTable {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl PbnTable {
    /// The index of a column, by name (case-insensitive).
    pub fn column(&self, name: &str) -> Option<usize> {
        self.columns
            .iter()
            .position(|c| c.eq_ignore_ascii_case(name))
    }

    /// Row `row`'s value in column `name`: `None` when the column is absent, the row is
    /// short, or the value is PBN's "not applicable" (`-`) or "unknown" (`?`).
    pub fn get<'a>(&'a self, row: &'a [String], name: &str) -> Option<&'a str> {
        let v = row.get(self.column(name)?)?.as_str();
        (!matches!(v, "-" | "?" | "")).then_some(v)
    }
}

/// Splits one table row on whitespace; a quoted string is one value (quotes removed) and
/// may contain spaces.
pub fn table_row(line: &str) -> Vec<String> {
    let mut out = vec![];
    let mut cur = String::new();
    let (mut quoted, mut any) = (false, false);
    for ch in line.chars() {
        match ch {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            c => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(cur);
    }
    out
}

impl PbnRecord {
    /// The table a tag introduces (`None` when the record has no such tag).
    pub fn table(&self, name: &str) -> Option<PbnTable> {
        let header = self.tag(name)?;
        let columns = header
            .split(';')
            .map(|c| c.split('\\').next().unwrap_or("").trim().to_string())
            .filter(|c| !c.is_empty())
            .collect();
        let key = self
            .tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(n, _)| n.as_str())
            .unwrap_or(name);
        let rows = self
            .section_lines(key)
            .iter()
            .map(|l| table_row(l))
            .filter(|r| !r.is_empty())
            .collect();
        Some(PbnTable { columns, rows })
    }
}

#[cfg(test)]
mod table_tests {
    use super::*;

    #[test]
    fn pbn_table_columns_are_read_by_name_and_quoted_values_keep_spaces() {
        let text = "[Board \"1\"]\n[ScoreTable \"PairId_NS\\2R;PairId_EW\\2R;Score_NS\\6R;Names\\20L\"]\n 1  2 \"450\" \"Anna Nowak - Bert\"\n 3  4 - \"x\"\n";
        let r = &parse(text).unwrap()[0];
        let t = r.table("ScoreTable").unwrap();
        assert_eq!(t.columns, ["PairId_NS", "PairId_EW", "Score_NS", "Names"]);
        assert_eq!(t.rows.len(), 2);
        assert_eq!(t.get(&t.rows[0], "names"), Some("Anna Nowak - Bert"));
        assert_eq!(t.get(&t.rows[0], "Score_NS"), Some("450"));
        assert_eq!(t.get(&t.rows[1], "Score_NS"), None);
    }
}
