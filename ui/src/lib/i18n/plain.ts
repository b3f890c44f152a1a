// Finds English left in a German or Danish string a TD reads: words that are English and
// not words of that language (so "Board" in German bridge, or Danish "for", "at", "hold",
// are not flagged). Placeholders, law numbers, card codes and file paths are skipped.
// Used by the catalogue test (every UI string); tests/i18n_plain.rs holds the same lists for
// the engine's own tables and refusals.

const COMMON = [
  "the", "and", "of", "with", "this", "that", "these", "those", "from", "you", "your", "be", "are", "has", "have", "which",
  "nobody", "none", "only", "must", "may", "cannot", "can't", "after", "before", "been", "will", "would", "should",
  "there", "their", "what", "when", "where", "who", "why", "how", "key", "open", "save", "show", "file", "error",
  "wrong", "please", "yet", "its", "it", "or", "yes", "signed", "recorded", "refused", "enrolled", "appeal",
  "ruling", "rulings", "director", "table", "round", "something", "went", "stays",
  "payload", "valid", "invalid", "not", "is", "nothing", "everything", "device", "result", "results", "committee",
  "chief", "player", "players", "consent", "missing", "period", "ended", "recorded", "choose", "call", "calls",
];

/** English words that are not words of German. */
export const ENGLISH_NOT_GERMAN = new Set([...COMMON, "to", "for", "on", "at", "by", "is", "it", "all"]);
/** English words that are not words of Danish ("for", "at", "to", "have", "hold", "by" are Danish). */
export const ENGLISH_NOT_DANISH = new Set([...COMMON, "on", "it"].filter((w) => w !== "have"));

/** Words that may stay as they are in every language: names, laws, abbreviations, formats. */
export const ALLOWED = new Set([
  "tdlog", "alt", "pdf", "html", "pbn", "csv", "json", "usebio", "bws", "xml", "nt", "pass", "x", "xx",
  "wbf", "dbv", "dbf", "ddv", "ebu", "acbl", "ok", "id", "sha", "qr", "rust",
]);

/** The English words found in `text` (for a German or Danish string). */
export function englishWords(text: string, lang: "de" | "da"): string[] {
  const english = lang === "de" ? ENGLISH_NOT_GERMAN : ENGLISH_NOT_DANISH;
  const cleaned = text
    .replace(/\{\w+\}/g, " ") // placeholders
    .replace(/\S*[/\\]\S*/g, " ") // paths, "a/b"
    .replace(/`[^`]*`/g, " "); // code
  const words = cleaned.toLowerCase().match(/[a-zäöüßæøå']+/g) ?? [];
  return [...new Set(words.filter((w) => english.has(w) && !ALLOWED.has(w)))];
}
