//! Reports shared by every part of the engine: a report is a list of format-independent
//! [`Block`]s, rendered as HTML by the caller or as PDF by [`pdf::render`] (a small
//! hand-written writer: standard Type1 fonts, deterministic bytes). Used by the appeal form
//! and casebook (`appeals::report`) and the Doppelkopf Spielliste (`doko::report`).

pub mod pdf;

/// A piece of a report, independent of the output format.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    Title(String),
    Heading(String),
    Field(String, String),
    Para(String),
    /// Preformatted (the deal diagram).
    Mono(String),
    Row(Vec<String>),
    /// A ruled table with a header row (repeated on every page it runs over).
    Table(Table),
    PageBreak,
}

/// A table: its columns and rows of cells (one cell per column).
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    pub columns: Vec<Column>,
    pub rows: Vec<Vec<String>>,
}

/// A column: its header, its width relative to the others, and its alignment.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    pub title: String,
    pub weight: u16,
    pub right: bool,
}

impl Column {
    pub fn new(title: impl Into<String>, weight: u16, right: bool) -> Column {
        Column {
            title: title.into(),
            weight,
            right,
        }
    }
}
