//! Traveller entry in the scorer's language (`results::traveller`, `views::traveller`): the
//! words a scorer types on a traveller line, and the messages the check and the grid show.
//!
//! The words follow the national editions (glossary §4 of the research notes): German
//! Sans-Atout (SA), Pik, Coeur (also Herz), Karo, Treff (also Kreuz), seats Nord, Ost, Süd,
//! West; Danish uden trumf (UT) or sans, spar, hjerter, ruder, klør, seats Nord, Øst, Syd,
//! Vest. English always works too, except where one of its letters means something else in
//! the user's language: there the user's language decides (German `C` is Coeur, hearts;
//! Danish `K` is klør, clubs, German `K` Karo, diamonds).

use crate::bridge::call::Strain;
use crate::bridge::seat::Seat;

use super::Lang;

/// The words of one language for a traveller line. Every word is upper case (a line is
/// compared in upper case); the first word of each meaning is the one the grid prints.
pub struct Lexicon {
    pub strains: &'static [(&'static str, Strain)],
    pub seats: &'static [(&'static str, Seat)],
    /// A passed-out board (all four players passed).
    pub pass: &'static [&'static str],
    /// A board not played at the table.
    pub not_played: &'static [&'static str],
}

/// Suit symbols, read in every language.
const SYMBOLS: &[(&str, Strain)] = &[
    ("♠", Strain::S),
    ("♤", Strain::S),
    ("♥", Strain::H),
    ("♡", Strain::H),
    ("♦", Strain::D),
    ("♢", Strain::D),
    ("♣", Strain::C),
    ("♧", Strain::C),
];

static EN: Lexicon = Lexicon {
    strains: &[
        ("NT", Strain::NT),
        ("S", Strain::S),
        ("H", Strain::H),
        ("D", Strain::D),
        ("C", Strain::C),
        ("N", Strain::NT),
        ("NOTRUMP", Strain::NT),
        ("NOTRUMPS", Strain::NT),
        ("SPADES", Strain::S),
        ("HEARTS", Strain::H),
        ("DIAMONDS", Strain::D),
        ("CLUBS", Strain::C),
    ],
    seats: &[
        ("N", Seat::N),
        ("E", Seat::E),
        ("S", Seat::S),
        ("W", Seat::W),
        ("NORTH", Seat::N),
        ("EAST", Seat::E),
        ("SOUTH", Seat::S),
        ("WEST", Seat::W),
    ],
    pass: &["PASS", "PASSED OUT", "ALL PASS", "AP"],
    not_played: &["NOT PLAYED", "NP", "-"],
};

static DE: Lexicon = Lexicon {
    strains: &[
        ("SA", Strain::NT),
        ("P", Strain::S),
        ("H", Strain::H),
        ("K", Strain::D),
        ("T", Strain::C),
        ("C", Strain::H),
        ("PIK", Strain::S),
        ("COEUR", Strain::H),
        ("CŒUR", Strain::H),
        ("HERZ", Strain::H),
        ("KARO", Strain::D),
        ("TREFF", Strain::C),
        ("KREUZ", Strain::C),
    ],
    seats: &[
        ("N", Seat::N),
        ("O", Seat::E),
        ("S", Seat::S),
        ("W", Seat::W),
        ("NORD", Seat::N),
        ("OST", Seat::E),
        ("SÜD", Seat::S),
        ("SUED", Seat::S),
        ("WEST", Seat::W),
    ],
    pass: &["PASSE", "ALLE PASSEN"],
    not_played: &["NICHT GESPIELT", "NG"],
};

static DA: Lexicon = Lexicon {
    strains: &[
        ("UT", Strain::NT),
        ("S", Strain::S),
        ("H", Strain::H),
        ("R", Strain::D),
        ("K", Strain::C),
        ("SANS", Strain::NT),
        ("SPAR", Strain::S),
        ("HJERTER", Strain::H),
        ("RUDER", Strain::D),
        ("KLØR", Strain::C),
    ],
    seats: &[
        ("N", Seat::N),
        ("Ø", Seat::E),
        ("S", Seat::S),
        ("V", Seat::W),
        ("O", Seat::E),
        ("NORD", Seat::N),
        ("ØST", Seat::E),
        ("SYD", Seat::S),
        ("VEST", Seat::W),
    ],
    pass: &["PAS", "ALLE PAS"],
    not_played: &["IKKE SPILLET"],
};

/// The words of `lang` (the grid prints these).
pub fn lexicon(lang: Lang) -> &'static Lexicon {
    match lang {
        Lang::En => &EN,
        Lang::De => &DE,
        Lang::Da => &DA,
    }
}

/// Every `(word, meaning)` read in `lang`: its own words, the suit symbols, then the English
/// words whose spelling `lang` does not use for something else (the user's language decides).
fn with_english<T: Copy + 'static>(
    lang: Lang,
    pick: impl Fn(&'static Lexicon) -> &'static [(&'static str, T)],
) -> impl Iterator<Item = (&'static str, T)> {
    let own = pick(lexicon(lang));
    let english = if lang == Lang::En { &[][..] } else { pick(&EN) };
    own.iter().copied().chain(
        english
            .iter()
            .copied()
            .filter(move |(w, _)| !own.iter().any(|(o, _)| o == w)),
    )
}

/// The denominations read in `lang` (its own, the suit symbols, English where it does not clash).
pub fn strains_read(lang: Lang) -> impl Iterator<Item = (&'static str, Strain)> {
    with_english(lang, |l| l.strains).chain(SYMBOLS.iter().copied())
}

/// The seats read in `lang` (its own, English where it does not clash).
pub fn seats_read(lang: Lang) -> impl Iterator<Item = (&'static str, Seat)> {
    with_english(lang, |l| l.seats)
}

/// The words for a pass-out read in `lang` (its own, then English).
pub fn pass_read(lang: Lang) -> impl Iterator<Item = &'static str> {
    let english = if lang == Lang::En { &[][..] } else { EN.pass };
    lexicon(lang).pass.iter().chain(english).copied()
}

/// The words for a board not played read in `lang` (its own, then English).
pub fn not_played_read(lang: Lang) -> impl Iterator<Item = &'static str> {
    let english = if lang == Lang::En {
        &[][..]
    } else {
        EN.not_played
    };
    lexicon(lang).not_played.iter().chain(english).copied()
}

/// A denomination as the grid prints it in `lang` (`NT`, `SA`, `UT`; `S`, `P`, `S`; ...).
pub fn strain_word(lang: Lang, s: Strain) -> &'static str {
    lexicon(lang)
        .strains
        .iter()
        .find(|(_, x)| *x == s)
        .map_or(s.as_str(), |(w, _)| w)
}

/// A seat as the grid prints it in `lang` (`E`, `O`, `Ø`).
pub fn seat_word(lang: Lang, s: Seat) -> &'static str {
    lexicon(lang)
        .seats
        .iter()
        .find(|(_, x)| *x == s)
        .map_or("?", |(w, _)| w)
}

/// The traveller's messages, `(key, en, de, da)` as [`super::texts::TEXTS`]; read by
/// [`super::lookup`] after the main table.
pub static TRAVELLER: &[(&str, &str, &str, &str)] = &[
    // What a line was understood as.
    ("traveller.understood.result", "{result}: NS {ns}, EW {ew} ({vul}; {law})", "{result}: NS {ns}, OW {ew} ({vul}; {law})", "{result}: NS {ns}, ØV {ew} ({vul}; {law})"),
    ("traveller.understood.pass", "passed out: NS 0, EW 0 ({law})", "alle passen: NS 0, OW 0 ({law})", "passpil: NS 0, ØV 0 ({law})"),
    ("traveller.understood.artificial", "artificial adjusted score: NS {ns}, EW {ew} under the scoring policy ({law})", "künstlicher berichtigter Score: NS {ns}, OW {ew} nach der Abrechnungsregel ({law})", "kunstig justeret score: NS {ns}, ØV {ew} efter beregningsreglerne ({law})"),
    ("traveller.understood.not_played", "not played ({reason})", "nicht gespielt ({reason})", "ikke spillet ({reason})"),
    ("traveller.vul", "vulnerable: {vul}, {law}", "Gefahrenlage: {vul}, {law}", "zone: {vul}, {law}"),
    ("traveller.vul_marked", "vulnerable: {vul} as marked on the board, {law}", "Gefahrenlage: {vul} wie auf dem Board angegeben, {law}", "zone: {vul} som angivet på mappen, {law}"),
    ("traveller.no_reason", "no reason given", "ohne Angabe eines Grundes", "ingen grund angivet"),
    ("traveller.artificial_reason", "artificial adjusted score entered from the traveller", "künstlicher berichtigter Score, aus dem Protokoll erfasst", "kunstig justeret score indtastet fra spillesedlen"),
    // Why a line cannot be signed.
    ("traveller.error.empty", "type a result: {examples}", "Ergebnis eingeben: {examples}", "indtast et resultat: {examples}"),
    ("traveller.error.level", "{text}: a contract is from 1 to 7 ({law})", "{text}: ein Kontrakt reicht von 1 bis 7 ({law})", "{text}: en kontrakt er fra 1 til 7 ({law})"),
    ("traveller.error.denomination", "{text}: unknown denomination, write {strains} ({law})", "{text}: unbekannte Denomination, bitte {strains} ({law})", "{text}: ukendt benævnelse, skriv {strains} ({law})"),
    ("traveller.error.missing_declarer", "{contract}: the declarer is missing ({seats}; {law})", "{contract}: der Alleinspieler fehlt ({seats}; {law})", "{contract}: spilføreren mangler ({seats}; {law})"),
    ("traveller.error.missing_result", "{contract}: the tricks are missing (=, +1, -2 or the tricks won; {law})", "{contract}: die Stiche fehlen (=, +1, -2 oder die Zahl der Stiche; {law})", "{contract}: stikkene mangler (=, +1, -2 eller antal vundne stik; {law})"),
    ("traveller.error.impossible_tricks", "{contract} {result}: {tricks} tricks is impossible, a deal has 13 ({law})", "{contract} {result}: {tricks} Stiche sind unmöglich, ein Board hat 13 ({law})", "{contract} {result}: {tricks} stik er umuligt, et spil har 13 ({law})"),
    ("traveller.error.unreadable", "cannot read {text}: {examples}", "{text} ist nicht lesbar: {examples}", "{text} kan ikke læses: {examples}"),
    ("traveller.error.pass_with_declarer", "a passed-out board has no declarer and no tricks: {text} ({law})", "ein Board, bei dem alle passen, hat keinen Alleinspieler und keine Stiche: {text} ({law})", "et passpil har ingen spilfører og ingen stik: {text} ({law})"),
    ("traveller.error.artificial_mixed", "{text}: give both sides as A+, A or A-, or both as percentages, N-S first ({law})", "{text}: beide Parteien als A+, A oder A- oder beide in Prozent angeben, Nord-Süd zuerst ({law})", "{text}: angiv begge sider som A+, A eller A-, eller begge i procent, Nord-Syd først ({law})"),
    ("traveller.error.percentage", "{pct} % for {side} is no artificial score of the scoring policy {policy} (average plus {plus} %, average {avg} %, average minus {minus} %; {law})", "{pct} % für {side} ist kein künstlicher Score der Abrechnungsregel {policy} (Plusdurchschnitt {plus} %, Durchschnitt {avg} %, Minusdurchschnitt {minus} %; {law})", "{pct} % til {side} er ingen kunstig score efter beregningsreglerne {policy} (middel plus {plus} %, middel {avg} %, middel minus {minus} %; {law})"),
    ("traveller.error.not_in_movement", "round {round}, table {table} is not in the movement of section {section} ({law})", "Runde {round}, Tisch {table} ist nicht im Movement der Gruppe {section} ({law})", "runde {round}, bord {table} er ikke i turneringsplanen for række {section} ({law})"),
    ("traveller.error.board_not_at_table", "board {board} is not played at table {table} in round {round} (boards there: {boards}; {law})", "Board {board} wird in Runde {round} nicht an Tisch {table} gespielt (dort: {boards}; {law})", "spil {board} spilles ikke ved bord {table} i runde {round} (der spilles: {boards}; {law})"),
    ("traveller.error.duplicate", "board {board}, round {round}, table {table} already has a result: {what} (event {event}); a correction is made from its row ({law})", "Board {board}, Runde {round}, Tisch {table} hat schon ein Ergebnis: {what} (Ereignis {event}); eine Korrektur erfolgt aus seiner Zeile ({law})", "spil {board}, runde {round}, bord {table} har allerede et resultat: {what} (hændelse {event}); en rettelse foretages fra dets række ({law})"),
    ("traveller.error.late", "{contestant} is recorded as late, playing from round {from}: this board is the director's to score ({law})", "{contestant} ist als verspätet erfasst und spielt ab Runde {from}: dieses Board bewertet der Turnierleiter ({law})", "{contestant} er registreret som forsinket og spiller fra runde {from}: dette spil scores af turneringslederen ({law})"),
    ("traveller.error.absent", "{contestant} is recorded as absent: the table sits out", "{contestant} ist als abwesend erfasst: der Tisch setzt aus", "{contestant} er registreret som fraværende: bordet sidder over"),
    ("traveller.error.phantom", "{contestant} is a phantom: the table sits out", "{contestant} ist ein Phantom: der Tisch setzt aus", "{contestant} er et fantom: bordet sidder over"),
    ("traveller.error.needs_td", "an artificial adjusted score is the director's ruling ({law}): sign with a director's key", "ein künstlicher berichtigter Score ist eine Entscheidung des Turnierleiters ({law}): mit dem Schlüssel eines Turnierleiters signieren", "en kunstig justeret score er turneringslederens kendelse ({law}): underskriv med en turneringsleders nøgle"),
    ("traveller.error.role", "a {role} key cannot sign this line (for the {allowed})", "ein Schlüssel als {role} kann diese Zeile nicht signieren (nur {allowed})", "en nøgle som {role} kan ikke underskrive denne linje (kun {allowed})"),
    ("traveller.error.payload", "the line cannot be signed: {reason}", "die Zeile kann nicht signiert werden: {reason}", "linjen kan ikke underskrives: {reason}"),
    ("traveller.examples", "3NT N =, 4SX E -2, pass, A+/A-, 60/40, not played", "3SA N =, 4PX O -2, passe, A+/A-, 60/40, nicht gespielt", "3UT N =, 4SX Ø -2, pas, A+/A-, 60/40, ikke spillet"),
    ("traveller.strains", "NT, S, H, D, C", "SA, P, H (C), K, T", "UT, S, H, R, K"),
    ("traveller.seats", "N, E, S or W", "N, O, S oder W", "N, Ø, S eller V"),
    ("traveller.side.ns", "N-S", "Nord-Süd", "Nord-Syd"),
    ("traveller.side.ew", "E-W", "Ost-West", "Øst-Vest"),
    ("traveller.default_policy", "(defaults)", "(Standard)", "(standard)"),
    // The grid.
    ("traveller.title.board", "Board {board}, section {section}", "Board {board}, Gruppe {section}", "Spil {board}, række {section}"),
    ("traveller.title.table", "Round {round}, table {table}, section {section}", "Runde {round}, Tisch {table}, Gruppe {section}", "Runde {round}, bord {table}, række {section}"),
    ("traveller.col.round", "Round", "Runde", "Runde"),
    ("traveller.col.table", "Table", "Tisch", "Bord"),
    ("traveller.col.board", "Board", "Board", "Spil"),
    ("traveller.col.ns", "N-S", "N-S", "N-S"),
    ("traveller.col.ew", "E-W", "O-W", "Ø-V"),
    ("traveller.col.result", "Result", "Ergebnis", "Resultat"),
    ("traveller.col.score_ns", "Score N-S", "Score N-S", "Score N-S"),
    ("traveller.col.score_ew", "Score E-W", "Score O-W", "Score Ø-V"),
    ("traveller.col.mp_ns", "MP N-S", "MP N-S", "MP N-S"),
    ("traveller.col.mp_ew", "MP E-W", "MP O-W", "MP Ø-V"),
    ("traveller.col.imp_ns", "IMP N-S", "IMP N-S", "IMP N-S"),
    ("traveller.col.imp_ew", "IMP E-W", "IMP O-W", "IMP Ø-V"),
    ("traveller.col.pct_ns", "% N-S", "% N-S", "% N-S"),
    ("traveller.col.pct_ew", "% E-W", "% O-W", "% Ø-V"),
    ("traveller.col.marks", "Marks", "Vermerke", "Mærker"),
    ("traveller.col.event", "Event", "Ereignis", "Hændelse"),
    ("traveller.mark.adjusted", "adjusted ({law})", "berichtigt ({law})", "justeret ({law})"),
    ("traveller.mark.artificial", "artificial ({law})", "künstlich ({law})", "kunstig ({law})"),
    ("traveller.mark.weighted", "weighted ({law})", "gewichtet ({law})", "vægtet ({law})"),
    ("traveller.mark.not_played", "not played", "nicht gespielt", "ikke spillet"),
    ("traveller.mark.corrected", "corrected ({law})", "korrigiert ({law})", "rettet ({law})"),
    ("traveller.mark.played_on_log", "played card by card", "Karte für Karte gespielt", "spillet kort for kort"),
    ("traveller.mark.fouled", "fouled board ({law}): group {group} of {groups}", "verfälschtes Board ({law}): Gruppe {group} von {groups}", "mappe med forkert kortfordeling ({law}): gruppe {group} af {groups}"),
    ("traveller.mark.late", "{contestant} late, from round {from}", "{contestant} verspätet, ab Runde {from}", "{contestant} forsinket, fra runde {from}"),
    ("traveller.mark.absent", "{contestant} absent", "{contestant} abwesend", "{contestant} fraværende"),
    ("traveller.mark.phantom", "{contestant} phantom", "{contestant} Phantom", "{contestant} fantom"),
    ("traveller.mark.sit_out", "sit-out", "Aussetzer", "oversidder"),
    ("traveller.mark.outside_movement", "not in the movement", "nicht im Movement", "ikke i turneringsplanen"),
    ("traveller.missing", "{count} results missing", "{count} Ergebnisse fehlen", "{count} resultater mangler"),
    ("traveller.all_in", "Every result of section {section} is in", "Alle Ergebnisse der Gruppe {section} sind erfasst", "Alle resultater i række {section} er indtastet"),
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn every_traveller_message_has_three_languages_and_the_same_placeholders() {
        let holes = |s: &str| {
            s.split('{')
                .skip(1)
                .filter_map(|p| p.split_once('}').map(|(h, _)| h.to_string()))
                .collect::<BTreeSet<_>>()
        };
        let mut seen = BTreeSet::new();
        for (key, en, de, da) in TRAVELLER {
            assert!(seen.insert(*key), "duplicate key {key}");
            for s in [en, de, da] {
                assert!(!s.trim().is_empty(), "{key}");
            }
            assert_eq!(holes(en), holes(de), "{key}: de");
            assert_eq!(holes(en), holes(da), "{key}: da");
            assert_eq!(super::super::lookup(Lang::Da, key), Some(*da), "{key}");
        }
    }

    #[test]
    fn the_words_are_upper_case_and_each_meaning_has_a_printed_word() {
        for lang in Lang::ALL {
            let l = lexicon(lang);
            let words = l
                .strains
                .iter()
                .map(|w| w.0)
                .chain(l.seats.iter().map(|w| w.0));
            for w in words
                .chain(l.pass.iter().copied())
                .chain(l.not_played.iter().copied())
            {
                assert_eq!(w, w.to_uppercase(), "{lang}: {w}");
            }
            for s in crate::bridge::call::Strain::ALL {
                assert!(l.strains.iter().any(|w| w.1 == s), "{lang}: {s:?}");
            }
            for s in Seat::ALL {
                assert!(l.seats.iter().any(|w| w.1 == s), "{lang}: {s:?}");
            }
        }
    }

    #[test]
    fn the_users_language_decides_a_letter_english_reads_otherwise() {
        let read = |lang, w: &str| strains_read(lang).find(|x| x.0 == w).map(|x| x.1);
        assert_eq!(read(Lang::De, "C"), Some(Strain::H), "Coeur");
        assert_eq!(read(Lang::En, "C"), Some(Strain::C));
        assert_eq!(read(Lang::De, "S"), Some(Strain::S), "English spades");
        assert_eq!(read(Lang::De, "K"), Some(Strain::D), "Karo");
        assert_eq!(read(Lang::Da, "K"), Some(Strain::C), "klør");
        assert_eq!(read(Lang::Da, "D"), Some(Strain::D), "English diamonds");
        assert_eq!(read(Lang::En, "SA"), None);
        let seat = |lang, w: &str| seats_read(lang).find(|x| x.0 == w).map(|x| x.1);
        assert_eq!(seat(Lang::Da, "V"), Some(Seat::W));
        assert_eq!(seat(Lang::Da, "W"), Some(Seat::W));
        assert_eq!(seat(Lang::De, "E"), Some(Seat::E));
        assert_eq!(seat(Lang::En, "O"), None);
    }
}
