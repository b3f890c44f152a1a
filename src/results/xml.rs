//! A small element tree over `quick-xml`, for the USEBIO files a club exchanges (tens of
//! kilobytes): read once into elements, then walked by name. Pure: a string in, a tree out.
//! The DOCTYPE is read and ignored (a DTD is never fetched); entity and character
//! references in text and attributes are resolved. Elements nest at most [`MAX_DEPTH`] deep:
//! a USEBIO file nests about eight, and a hostile one of a million nested elements would
//! exhaust the stack of every recursive walk (and of dropping the tree).

use quick_xml::events::Event;
use quick_xml::Reader;

/// One element: its name, attributes, text (concatenated, trimmed) and children in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Element {
    pub name: String,
    pub attrs: Vec<(String, String)>,
    pub text: String,
    pub children: Vec<Element>,
}

/// The XML is not well formed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("XML at byte {position}: {message}")]
pub struct XmlError {
    pub position: u64,
    pub message: String,
}

impl Element {
    /// The first child named `name`.
    pub fn child(&self, name: &str) -> Option<&Element> {
        self.children.iter().find(|c| c.name == name)
    }

    /// Every child named `name`.
    pub fn all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Element> + 'a {
        self.children.iter().filter(move |c| c.name == name)
    }

    /// The trimmed text of the first child named `name`, when present and not empty.
    pub fn text_of(&self, name: &str) -> Option<&str> {
        self.child(name)
            .map(|c| c.text.trim())
            .filter(|t| !t.is_empty())
    }

    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

fn entity(name: &str) -> Option<char> {
    match name {
        "amp" => Some('&'),
        "lt" => Some('<'),
        "gt" => Some('>'),
        "quot" => Some('"'),
        "apos" => Some('\''),
        _ => {
            let n = name.strip_prefix('#')?;
            let code = match n.strip_prefix('x') {
                Some(h) => u32::from_str_radix(h, 16).ok()?,
                None => n.parse().ok()?,
            };
            char::from_u32(code)
        }
    }
}

/// How deep elements may nest (the root is depth 1).
pub const MAX_DEPTH: usize = 64;

/// Parses a document into its root element.
pub fn parse(text: &str) -> Result<Element, XmlError> {
    let mut reader = Reader::from_str(text);
    let mut stack: Vec<Element> = vec![Element::default()];
    let err = |r: &Reader<&[u8]>, m: String| XmlError {
        position: r.buffer_position(),
        message: m,
    };
    loop {
        let ev = reader
            .read_event()
            .map_err(|e| err(&reader, e.to_string()))?;
        match ev {
            Event::Start(ref s) | Event::Empty(ref s) => {
                let empty = matches!(ev, Event::Empty(_));
                let mut el = Element {
                    name: s.name().as_ref().to_string(),
                    ..Default::default()
                };
                for a in s.attributes() {
                    let a = a.map_err(|e| err(&reader, e.to_string()))?;
                    let v = a
                        .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                        .map_err(|e| err(&reader, e.to_string()))?;
                    el.attrs.push((a.key.as_ref().to_string(), v.into_owned()));
                }
                if empty {
                    stack.last_mut().expect("root").children.push(el);
                } else if stack.len() > MAX_DEPTH {
                    return Err(err(
                        &reader,
                        format!(
                            "elements nested more than {MAX_DEPTH} deep (<{}>); a USEBIO file nests about eight",
                            el.name
                        ),
                    ));
                } else {
                    stack.push(el);
                }
            }
            Event::End(e) => {
                let el = stack.pop().filter(|el| el.name == e.name().as_ref());
                let Some(mut el) = el.filter(|_| !stack.is_empty()) else {
                    return Err(err(&reader, format!("unexpected </{}>", e.name().as_ref())));
                };
                el.text = el.text.trim().to_string();
                stack.last_mut().expect("root").children.push(el);
            }
            Event::Text(t) => {
                if let Some(top) = stack.last_mut() {
                    top.text.push_str(&t.xml10_content());
                }
            }
            Event::CData(c) => {
                if let Some(top) = stack.last_mut() {
                    top.text.push_str(c.as_ref());
                }
            }
            Event::GeneralRef(r) => {
                let name = r.xml10_content();
                let c = entity(&name)
                    .ok_or_else(|| err(&reader, format!("unknown entity &{name};")))?;
                if let Some(top) = stack.last_mut() {
                    top.text.push(c);
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if stack.len() != 1 {
        return Err(XmlError {
            position: text.len() as u64,
            message: format!("<{}> is not closed", stack.last().map_or("", |e| &e.name)),
        });
    }
    stack
        .pop()
        .and_then(|r| r.children.into_iter().next())
        .ok_or_else(|| XmlError {
            position: 0,
            message: "no root element".into(),
        })
}

/// Escapes text for an element or attribute value.
pub fn escape(s: &str) -> String {
    quick_xml::escape::escape(s).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usebio_doctype_is_ignored_and_entities_are_resolved() {
        let x = "<?xml version=\"1.0\"?>\r\n<!DOCTYPE USEBIO SYSTEM \"http://www.ebu.co.uk/usebio/usebio_v1_2.dtd\">\r\n<USEBIO Version=\"1.2\"><CLUB><CLUB_NAME>A &amp; B &#233;</CLUB_NAME></CLUB><X/></USEBIO>";
        let r = parse(x).unwrap();
        assert_eq!(r.name, "USEBIO");
        assert_eq!(r.attr("Version"), Some("1.2"));
        assert_eq!(
            r.child("CLUB").unwrap().text_of("CLUB_NAME"),
            Some("A & B é")
        );
        assert!(r.child("X").is_some());
        assert!(parse("<A><B></A>").is_err());
        assert!(parse("<A>").is_err());
    }

    #[test]
    fn elements_nested_beyond_the_limit_are_refused() {
        let ok = format!("{}{}", "<A>".repeat(MAX_DEPTH), "</A>".repeat(MAX_DEPTH));
        assert!(parse(&ok).is_ok());
        let deep = format!(
            "{}{}",
            "<A>".repeat(MAX_DEPTH + 1),
            "</A>".repeat(MAX_DEPTH + 1)
        );
        let e = parse(&deep).unwrap_err();
        assert!(e.message.contains("nested more than"), "{e}");
    }
}
