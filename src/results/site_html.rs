//! A results page's HTML read back for `tdlog verify-site` (issue 33) as a browser reads
//! it, where a publisher could otherwise make the two differ: comments are skipped, quoted
//! attribute values may hold `>`, tag names are any case, script and style bodies are raw
//! text, entities are decoded. What is read: the first heading, the traveller's rows
//! (`#traveller`), and whether the page carries anything that can change what the player
//! sees beyond the text (a `style` or `on…` attribute, a `hidden` element, an embedded
//! frame, object or stylesheet link): the tool writes none.
//! Pure: text in, what was read out.

/// One cell of a row: a header cell or not, its text, and whether it holds elements.
struct Cell {
    th: bool,
    text: String,
    elements: bool,
}

/// One `<tr>`: its cells, and whether the row or a cell has attributes beyond the tool's
/// (`class`, and `colspan` on an audit trail's cell).
struct Row {
    cells: Vec<Cell>,
    foreign: bool,
}

/// What `verify-site` reads of a page.
pub(crate) struct Page {
    heading: Option<String>,
    rows: Option<Vec<Row>>,
    /// Something the tool never writes that can hide or change what is seen.
    pub(crate) foreign: bool,
    /// How many `<script>` and `<style>` elements the page has.
    pub(crate) scripts: usize,
    pub(crate) styles: usize,
}

enum Token<'a> {
    Start {
        name: String,
        attrs: Vec<(String, String)>,
    },
    End(String),
    Text(&'a str),
}

/// Splits `html` into tags and text as a browser's tokenizer does for what the site holds.
fn tokens(html: &str) -> Vec<Token<'_>> {
    let b = html.as_bytes();
    let mut out = vec![];
    let (mut i, mut text) = (0, 0);
    while i < b.len() {
        if b[i] != b'<' {
            i += 1;
            continue;
        }
        if html[i..].starts_with("<!--") {
            out.push(Token::Text(&html[text..i]));
            i = html[i + 4..].find("-->").map_or(b.len(), |e| i + 4 + e + 3);
            text = i;
            continue;
        }
        let close = b.get(i + 1) == Some(&b'/');
        let at = i + 1 + usize::from(close);
        let name_end = at
            + b[at..]
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric())
                .count();
        if name_end == at || !b[at].is_ascii_alphabetic() {
            i += 1;
            continue;
        }
        out.push(Token::Text(&html[text..i]));
        let name = html[at..name_end].to_ascii_lowercase();
        // Attributes up to the tag's end, a quoted value taken whole.
        let mut attrs = vec![];
        let mut j = name_end;
        loop {
            while j < b.len() && (b[j].is_ascii_whitespace() || b[j] == b'/') {
                j += 1;
            }
            if j >= b.len() || b[j] == b'>' {
                break;
            }
            let k = j;
            while j < b.len() && !b[j].is_ascii_whitespace() && !matches!(b[j], b'=' | b'>') {
                j += 1;
            }
            let key = html[k..j].to_ascii_lowercase();
            let mut value = String::new();
            if j < b.len() && b[j] == b'=' {
                j += 1;
                if j < b.len() && matches!(b[j], b'"' | b'\'') {
                    let q = b[j];
                    let end = b[j + 1..]
                        .iter()
                        .position(|c| *c == q)
                        .map_or(b.len(), |e| j + 1 + e);
                    value = html[j + 1..end].to_string();
                    j = (end + 1).min(b.len());
                } else {
                    let k = j;
                    while j < b.len() && !b[j].is_ascii_whitespace() && b[j] != b'>' {
                        j += 1;
                    }
                    value = html[k..j].to_string();
                }
            }
            attrs.push((key, value));
        }
        i = (j + 1).min(b.len());
        text = i;
        if close {
            out.push(Token::End(name));
            continue;
        }
        let raw = matches!(name.as_str(), "script" | "style");
        out.push(Token::Start {
            name: name.clone(),
            attrs,
        });
        if raw {
            // Its body is text to the browser, whatever it holds, up to its end tag.
            let lower = html[i..].to_ascii_lowercase();
            let end = lower.find(&format!("</{name}")).map_or(b.len(), |e| i + e);
            out.push(Token::Text(&html[i..end]));
            i = end;
            text = i;
        }
    }
    out.push(Token::Text(&html[text.min(b.len())..]));
    out
}

/// Text as the browser shows it: the entities the site uses, and numeric ones, decoded.
fn decode(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(a) = rest.find('&') {
        out.push_str(&rest[..a]);
        rest = &rest[a..];
        let end = rest.find(';').filter(|e| *e <= 10);
        let ent = end.map(|e| &rest[1..e]);
        let ch = match ent {
            Some("amp") => Some('&'),
            Some("lt") => Some('<'),
            Some("gt") => Some('>'),
            Some("quot") => Some('"'),
            Some("apos") => Some('\''),
            Some("nbsp") => Some('\u{a0}'),
            Some(n) if n.starts_with("#x") || n.starts_with("#X") => {
                u32::from_str_radix(&n[2..], 16)
                    .ok()
                    .and_then(char::from_u32)
            }
            Some(n) if n.starts_with('#') => n[1..].parse().ok().and_then(char::from_u32),
            _ => None,
        };
        match (ch, end) {
            (Some(c), Some(e)) => {
                out.push(c);
                rest = &rest[e + 1..];
            }
            _ => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

impl Page {
    pub(crate) fn read(html: &str) -> Page {
        let mut page = Page {
            heading: None,
            rows: None,
            foreign: false,
            scripts: 0,
            styles: 0,
        };
        let mut in_h1: Option<String> = None;
        // Inside the traveller: its table depth (nested tables' text goes into the cell).
        let (mut depth, mut rows, mut done) = (0usize, Vec::<Row>::new(), false);
        let mut in_script = false;
        for t in tokens(html) {
            match t {
                Token::Start { name, attrs } => {
                    in_script = matches!(name.as_str(), "script" | "style");
                    page.scripts += usize::from(name == "script");
                    page.styles += usize::from(name == "style");
                    let seen_changing = attrs
                        .iter()
                        .any(|(k, _)| k == "style" || k == "hidden" || k.starts_with("on"))
                        || matches!(
                            name.as_str(),
                            "link" | "iframe" | "object" | "embed" | "base" | "frame" | "svg"
                        );
                    page.foreign |= seen_changing;
                    if name == "h1" && page.heading.is_none() && in_h1.is_none() {
                        in_h1 = Some(String::new());
                    }
                    let id = attrs
                        .iter()
                        .find(|(k, _)| k == "id")
                        .map(|(_, v)| v.as_str());
                    if name == "table" && depth == 0 && !done && id == Some("traveller") {
                        depth = 1;
                        continue;
                    }
                    if depth == 0 {
                        continue;
                    }
                    let extra = |allowed: &[&str]| {
                        attrs.iter().any(|(k, _)| !allowed.contains(&k.as_str()))
                    };
                    match name.as_str() {
                        "table" => depth += 1,
                        "tr" if depth == 1 => rows.push(Row {
                            cells: vec![],
                            foreign: extra(&["class"]),
                        }),
                        "td" | "th" if depth == 1 => {
                            if let Some(r) = rows.last_mut() {
                                r.foreign |= extra(&["class", "colspan"]);
                                r.cells.push(Cell {
                                    th: name == "th",
                                    text: String::new(),
                                    elements: false,
                                });
                            }
                        }
                        _ => {
                            if let Some(c) = rows.last_mut().and_then(|r| r.cells.last_mut()) {
                                c.elements = true;
                            }
                        }
                    }
                }
                Token::End(name) => {
                    in_script = false;
                    if name == "h1" {
                        if let Some(h) = in_h1.take() {
                            page.heading.get_or_insert(h);
                        }
                    }
                    if depth > 0 && name == "table" {
                        depth -= 1;
                        if depth == 0 {
                            done = true;
                            page.rows = Some(std::mem::take(&mut rows));
                        }
                    }
                }
                Token::Text(s) if !in_script => {
                    if let Some(h) = in_h1.as_mut() {
                        h.push_str(&decode(s));
                    }
                    if depth > 0 {
                        if let Some(c) = rows.last_mut().and_then(|r| r.cells.last_mut()) {
                            c.text.push_str(&decode(s));
                        }
                    }
                }
                Token::Text(_) => {}
            }
        }
        page
    }

    /// The first heading's text, spaces collapsed.
    pub(crate) fn heading(&self) -> Option<String> {
        self.heading.as_deref().map(plain)
    }

    /// The traveller's lines (seven cells: round, table, N-S, E-W, result, N-S score, E-W
    /// score), the header and the audit trails' one-cell rows left out; any other row, a
    /// line with attributes or elements the tool does not write, is refused (its round and
    /// table as far as they can be read).
    pub(crate) fn lines(&self) -> Result<Vec<[String; 7]>, (String, String)> {
        let rows = self
            .rows
            .as_ref()
            .ok_or(("-".to_string(), "-".to_string()))?;
        let mut out = vec![];
        for r in rows {
            let heads = r.cells.iter().filter(|c| c.th).count();
            if heads == r.cells.len() && heads > 0 {
                continue;
            }
            if r.cells.len() == 1 && heads == 0 {
                continue;
            }
            let at = |i: usize| r.cells.get(i).map_or("-".to_string(), |c| plain(&c.text));
            if r.cells.len() != 7 || heads > 0 || r.foreign || r.cells.iter().any(|c| c.elements) {
                return Err((at(0), at(1)));
            }
            let mut cells: Vec<String> = r.cells.iter().map(|c| c.text.clone()).collect();
            cells[0] = plain(&cells[0]);
            cells[1] = plain(&cells[1]);
            if let Ok(c) = <[String; 7]>::try_from(cells) {
                out.push(c);
            }
        }
        Ok(out)
    }
}

/// Spaces collapsed and trimmed, as `innerText` compares.
fn plain(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "<h1>Section A &ndash; Board 5</h1><table id=\"traveller\">\
        <tr><th>Round</th><th>Table</th></tr>\
        <tr class=\"line\"><td class=\"n\">1</td><td class=\"n\">2</td><td>A &amp; B</td><td>C</td><td class=\"result\">3NT by S, 9 tricks, NS +400</td><td class=\"n score-ns\">3 IMP</td><td class=\"n score-ew\">-3 IMP</td></tr>\
        <tr><td colspan=\"7\"><details><summary>Audit</summary><ol><li>x</li></ol></details></td></tr></table>";

    #[test]
    fn a_page_as_the_tool_writes_it_is_read_line_by_line() {
        let p = Page::read(PAGE);
        assert!(!p.foreign);
        let lines = p.lines().unwrap();
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0][2], "A & B");
        assert_eq!(lines[0][4], "3NT by S, 9 tricks, NS +400");
        assert_eq!(p.heading().unwrap(), "Section A &ndash; Board 5");
    }

    #[test]
    fn what_a_browser_would_show_otherwise_is_read_as_the_browser_reads_it() {
        // A line kept in a comment is no line; a `>` in a quoted value does not end the tag.
        let commented = PAGE
            .replace("<tr class=\"line\">", "<!-- <tr class=\"line\">")
            .replace("-3 IMP</td></tr>", "-3 IMP</td></tr> -->");
        assert!(Page::read(&commented).lines().unwrap().is_empty());
        let quoted = PAGE.replace(
            "<td class=\"n score-ns\">3 IMP",
            "<td class=\"n score-ns\" data-x=\">5 IMP</td>\">3 IMP",
        );
        assert!(
            Page::read(&quoted).lines().is_err(),
            "an attribute the tool does not write"
        );
        // A hidden part of a cell, or a row in upper case, is seen.
        let hidden = PAGE.replace("NS +400", "NS +430<span hidden> NS +400</span>");
        assert!(Page::read(&hidden).lines().is_err());
        assert!(Page::read(&hidden).foreign);
        let upper = PAGE.replace("<tr class=\"line\">", "<TR class=\"line\">");
        assert_eq!(Page::read(&upper).lines().unwrap().len(), 1);
        // A row of another shape is refused.
        let wide = PAGE.replace("-3 IMP</td></tr>", "-3 IMP</td><td>x</td></tr>");
        assert!(Page::read(&wide).lines().is_err());
    }
}
