//! The Board and Record-an-incident screens as the engine gives them to the desktop shell
//! (`tdlog::views`), on a real SQLite log: Law 27 flagged in both, the TD's 27B1a chosen
//! through the payload builder, appended, replayed; the traveller equal to `tdlog results`;
//! the same log gives the same JSON bytes.

#[path = "views_support/mod.rs"]
mod support;

use support::*;
use tdlog::bridge::auction::Status;
use tdlog::bridge::seat::Seat::{E, N, S, W};
use tdlog::events::{BoardRuling, Payload, Slot};
use tdlog::i18n::Lang;
use tdlog::views::{self, ViewError};

#[test]
fn law_27_insufficient_bid_is_flagged_in_the_board_view_and_the_incident_view() {
    let dir = tempfile::tempdir().unwrap();
    let (p, _log, _k) = log_with_insufficient_bid(dir.path());
    let r = replayed(&p);

    // Board screen: dealer S (Law 2, board 11), nobody vulnerable, the auction box starts
    // with the dealer and the 1H cell carries Law 27, pending.
    let b = views::board(&r, &slot(1), Lang::En).unwrap();
    assert_eq!(b.dealer, S);
    assert_eq!(b.auction.columns, [S, W, N, E]);
    let row = &b.auction.rows[0];
    let cell = row[1].as_ref().unwrap();
    assert_eq!((cell.seat, cell.call.as_str()), (W, "1H"));
    assert_eq!(cell.law.as_deref(), Some("27"));
    assert!(cell.pending);
    assert_eq!(row[0].as_ref().unwrap().law, None, "1NT is legal");
    assert_eq!(b.irregularities.len(), 1);
    assert_eq!(b.irregularities[0].law, "27");
    assert_eq!(b.irregularities[0].title.key, "law.27.title");
    assert!(b.irregularities[0].pending);
    // The hand diagram: 13 cards each, nothing played yet, spades first, high to low.
    assert!(b.deal_known);
    for h in &b.hands {
        let n: usize = h.suits.iter().map(|s| s.cards.len()).sum();
        assert_eq!(n, 13, "{}", h.seat);
        assert!(h
            .suits
            .iter()
            .flat_map(|s| &s.cards)
            .all(|c| c.played_in.is_none()));
    }
    let north_spades: String = b.hands[0].suits[0].cards.iter().map(|c| c.rank).collect();
    assert_eq!(north_spades, "KT8");

    // Incident screen: the Law 27 tree with its branch ids, who chooses, consequences.
    let inc = views::incident(&r, &slot(1), Lang::En).unwrap();
    let x = &inc.irregularities[0];
    assert_eq!(
        (x.phase, x.at, x.law.as_str(), x.offender),
        ("auction", 1, "27", W)
    );
    assert_eq!(x.title.text, "Insufficient bid");
    assert_eq!(x.recorded_as, "ruling");
    let ids: Vec<&str> = x.options.iter().map(|o| o.id).collect();
    assert_eq!(ids, ["27A1", "27B1a", "27B1b", "27B2", "27B3", "27B4"]);
    let keys = |id: &str| -> Vec<String> {
        x.options
            .iter()
            .find(|o| o.id == id)
            .unwrap()
            .consequences
            .iter()
            .map(|c| c.key.clone())
            .collect()
    };
    assert!(keys("27B1a").contains(&"effect.no_lead_restriction".to_string()));
    assert!(keys("27B2").contains(&"effect.bar.partner.rest_of_auction".to_string()));
    assert!(keys("27B2").contains(&"effect.lead_restriction_may_apply".to_string()));
    assert!(keys("27B2").contains(&"effect.unauthorised_for_offenders".to_string()));
    let b2 = x.options.iter().find(|o| o.id == "27B2").unwrap();
    assert!(b2
        .consequences
        .iter()
        .any(|c| c.text == "Partner must pass for the rest of the auction"));
    assert!(x.options.iter().all(|o| !o.applied));
    assert!(x.chosen_by.iter().any(|m| m.key == "decider.director"));

    // The same screen in German and Danish: the glossary's terms.
    let de = views::incident(&r, &slot(1), Lang::De).unwrap();
    assert_eq!(de.irregularities[0].title.text, "Ungenügendes Gebot");
    let b1a = &de.irregularities[0].options[1];
    assert_eq!(b1a.when.key, "law.27.27B1a.when");
    assert!(b1a
        .when
        .text
        .starts_with("ersetzt durch das niedrigste genügende Gebot"));
    assert_eq!(
        x.options[1].when.text,
        "replaced by the lowest sufficient bid specifying the same denomination(s)"
    );
    let da = views::incident(&r, &slot(1), Lang::Da).unwrap();
    assert_eq!(da.irregularities[0].title.text, "Utilstrækkeligt bud");
    assert_eq!(
        da.irregularities[0].options[3].consequences[0].key, x.options[3].consequences[0].key,
        "keys do not depend on the language"
    );
}

#[test]
fn law_27b1a_chosen_on_the_incident_screen_is_a_ruling_payload_that_changes_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let (p, mut log, k) = log_with_insufficient_bid(dir.path());
    log.append(&k.scorer, call(1, W, "2H")).unwrap();
    let r = replayed(&p);

    // Only branches of the tree, only on an irregular call.
    match views::ruling_payload(&r, &slot(1), 1, "54A", None) {
        Err(ViewError::BranchNotInTree { law, options, .. }) => {
            assert_eq!(law, "27");
            assert!(options.contains("27B1a"), "{options}");
        }
        other => panic!("54A is not a Law 27 branch: {other:?}"),
    }
    assert_eq!(
        views::ruling_payload(&r, &slot(1), 0, "27B1a", None).unwrap_err(),
        ViewError::NotIrregular { call: 0 }
    );
    assert!(matches!(
        views::ruling_payload(&r, &slot(1), 9, "27B1a", None),
        Err(ViewError::NoSuchCall { call: 9, .. })
    ));
    assert!(matches!(
        views::ruling_payload(&r, &slot(7), 1, "27B1a", None),
        Err(ViewError::NoSuchBoard(_))
    ));

    let payload = views::ruling_payload(
        &r,
        &slot(1),
        1,
        "27B1a",
        Some("2H is the lowest sufficient bid in hearts".into()),
    )
    .unwrap();
    match &payload {
        Payload::BridgeRuling(x) => {
            assert_eq!(x.slot, slot(1));
            assert!(matches!(
                &x.ruling,
                BoardRuling::Auction(tdlog::bridge::events::AuctionEvent::Ruling { call: 1, branch }) if branch == "27B1a"
            ));
        }
        other => panic!("expected bridge.ruling, got {other:?}"),
    }
    log.append(&k.td, payload).unwrap();
    finish_board(&mut log, &k);

    let r = replayed(&p);
    let inc = views::incident(&r, &slot(1), Lang::En).unwrap();
    let x = &inc.irregularities[0];
    assert_eq!(x.branch.as_deref(), Some("27B1a"));
    assert!(!x.pending);
    assert!(x
        .options
        .iter()
        .filter(|o| o.applied)
        .map(|o| o.id)
        .eq(["27B1a"]));
    assert!(inc.bars.is_empty(), "27B1a: no obligation to pass");
    assert!(inc
        .flags
        .iter()
        .any(|f| f.text.key == "flag.review" && f.text.params["law"] == "27D"));

    let b = views::board(&r, &slot(1), Lang::En).unwrap();
    let cells: Vec<_> = b.auction.rows.iter().flatten().flatten().collect();
    // The insufficient bid is withdrawn and replaced (Law 27C), the 2H substitute stands.
    assert_eq!(cells[1].status, Status::Cancelled { law: "27C".into() });
    assert_eq!(cells[2].status, Status::Standing);
    assert_eq!(cells[2].call, "2H");
    assert_eq!(b.contract.as_deref(), Some("2H"));
    assert_eq!(b.declarer, Some(W));
    assert!(b.complete);
    assert_eq!(b.tricks.len(), 13);
    assert!(b
        .tricks
        .iter()
        .all(|t| t.cards.len() == 4 && t.winner.is_some()));
    assert_eq!(b.declarer_tricks + b.defender_tricks, 13);
    let res = b.result.as_ref().unwrap();
    assert_eq!(res.result.tricks, Some(b.declarer_tricks));
    // Every card is marked with the trick it was played to.
    for t in &b.tricks {
        for pc in &t.cards {
            let cell = b
                .hands
                .iter()
                .flat_map(|h| h.suits.iter().flat_map(|s| &s.cards))
                .find(|c| c.card == pc.card)
                .unwrap();
            assert_eq!(cell.played_in, Some(t.number));
        }
    }
}

#[test]
fn the_traveller_lists_every_result_with_the_scores_of_tdlog_results() {
    let dir = tempfile::tempdir().unwrap();
    let (p, mut log, k) = log_with_insufficient_bid(dir.path());
    log.append(&k.scorer, call(1, W, "2H")).unwrap();
    let r = replayed(&p);
    log.append(
        &k.td,
        views::ruling_payload(&r, &slot(1), 1, "27B1a", None).unwrap(),
    )
    .unwrap();
    finish_board(&mut log, &k);
    let r = replayed(&p);
    let b = views::board(&r, &slot(2), Lang::En).unwrap();

    let out = tdlog()
        .arg("results")
        .arg(&p)
        .arg("--json")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let cli: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let cli: Vec<&serde_json::Value> = cli
        .as_array()
        .unwrap()
        .iter()
        .filter(|row| row["board"] == 11)
        .collect();
    assert_eq!(b.traveller.len(), 3);
    assert_eq!(cli.len(), 3);
    for (t, c) in b.traveller.iter().zip(&cli) {
        let tv = serde_json::to_value(t).unwrap();
        for field in [
            "table",
            "ns",
            "ew",
            "result",
            "score_ns",
            "mp_ns",
            "mp_ew",
            "artificial",
            "weighted",
        ] {
            assert_eq!(tv[field], c[field], "table {}: {field}", t.row.table);
        }
    }
    let t1 = &b.traveller[0];
    assert_eq!((t1.contract.as_deref(), t1.declarer), (Some("2H"), Some(W)));
    assert_eq!(t1.row.score_ns, Some(b_score_ns(&r)));
    let t2 = &b.traveller[1];
    assert_eq!(
        (t2.contract.as_deref(), t2.declarer, t2.tricks),
        (Some("3NT"), Some(S), Some(9))
    );
    assert_eq!(t2.row.score_ns, Some(400));
    let t3 = &b.traveller[2];
    assert!(t3.row.artificial && t3.row.adjusted);
    assert_eq!(t3.law.as_deref(), Some("12C2"));
    assert_eq!(t3.contract, None);
    // The board screen of a table with a recorded result still shows the cards and traveller.
    assert!(b.deal_known && b.auction.rows.is_empty());
}

/// NS score of the board played at table 1, from the board screen's derived result.
fn b_score_ns(r: &tdlog::views::Replayed) -> i32 {
    views::board(r, &slot(1), Lang::En)
        .unwrap()
        .result
        .unwrap()
        .score
        .ns
}

#[test]
fn the_same_log_gives_the_same_json_bytes_and_the_cli_prints_the_library_value() {
    let dir = tempfile::tempdir().unwrap();
    let (p, mut log, k) = log_with_insufficient_bid(dir.path());
    log.append(&k.scorer, call(1, W, "2H")).unwrap();
    let r = replayed(&p);
    log.append(
        &k.td,
        views::ruling_payload(&r, &slot(1), 1, "27B1a", None).unwrap(),
    )
    .unwrap();
    finish_board(&mut log, &k);
    let json = |lang: Lang| {
        let r = replayed(&p);
        let f = views::RulingFilter::default();
        (
            serde_json::to_string_pretty(&views::board(&r, &slot(1), lang).unwrap()).unwrap(),
            serde_json::to_string_pretty(&views::incident(&r, &slot(1), lang).unwrap()).unwrap(),
            serde_json::to_string_pretty(&views::rulings(&r, &f, lang)).unwrap(),
            serde_json::to_string_pretty(&views::overview(&r, lang)).unwrap(),
        )
    };
    let a = json(Lang::De);
    assert_eq!(a, json(Lang::De));
    assert_ne!(a.1, json(Lang::En).1, "the language changes the texts");

    let out = tdlog()
        .args(["view", "board"])
        .arg(&p)
        .args([
            "--round", "1", "--table", "1", "--board", "11", "--lang", "de", "--json",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), format!("{}\n", a.0));
    let out = tdlog()
        .args(["view", "incident"])
        .arg(&p)
        .args([
            "--round", "1", "--table", "1", "--board", "11", "--lang", "de", "--json",
        ])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), format!("{}\n", a.1));
    let out = tdlog()
        .args(["view", "board"])
        .arg(&p)
        .args(["--round", "1", "--table", "9", "--board", "12"])
        .output()
        .unwrap();
    // A board with nothing recorded opens too, its dealer to call first (Law 2; issue 13 D1):
    // the TD records its first call from there.
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn law_27b2_partner_must_pass_for_the_rest_of_the_auction_and_lead_restrictions_stand() {
    let dir = tempfile::tempdir().unwrap();
    let (p, mut log, k) = log_with_insufficient_bid(dir.path());
    for (seat, c) in [(S, "1NT"), (W, "1H"), (W, "Pass")] {
        log.append(&k.scorer, call(2, seat, c)).unwrap();
    }
    let r = replayed(&p);
    let x = views::ruling_payload(&r, &slot(2), 1, "27B2", None).unwrap();
    log.append(&k.td, x).unwrap();
    let r = replayed(&p);
    let inc = views::incident(&r, &slot(2), Lang::En).unwrap();
    assert_eq!(inc.irregularities[0].branch.as_deref(), Some("27B2"));
    let bar = inc
        .bars
        .iter()
        .find(|b| b.active && b.text.key == "bar.rest_of_auction")
        .expect("partner barred");
    assert_eq!(bar.text.params["seat"], "E");
    assert!(bar
        .text
        .text
        .starts_with("E must pass for the rest of the auction"));
    let keys: Vec<&str> = inc.flags.iter().map(|f| f.text.key.as_str()).collect();
    assert!(keys.contains(&"flag.lead_restriction"), "{keys:?}");
    assert!(keys.contains(&"flag.unauthorised_information"), "{keys:?}");
    let da = views::incident(&r, &slot(2), Lang::Da).unwrap();
    assert!(da.bars.iter().any(|b| b
        .text
        .text
        .starts_with("Øst skal melde pas resten af meldeforløbet")));
    // Table 1 is untouched by table 2's ruling.
    let t1 = views::incident(&r, &slot(1), Lang::En).unwrap();
    assert!(t1.irregularities[0].pending && t1.bars.is_empty());
}

/// Law 2 / Law 17: a board with nothing recorded at a table (no deal, no call, no result)
/// still opens, so the TD can record its first call at the table: the dealer of Law 2 is
/// the first to call, the turn passes clockwise (Law 17C), and vulnerability is Law 2's.
#[test]
fn law_2_an_empty_board_opens_with_the_dealer_to_call_first() {
    let dir = tempfile::tempdir().unwrap();
    let (p, mut log, k) = log_with_insufficient_bid(dir.path());
    let empty = Slot {
        section: "A".into(),
        round: 1,
        table: 4,
        board: 9,
    };
    let r = replayed(&p);
    let b = views::board(&r, &empty, Lang::De).expect("an empty board opens");
    // Board 9: dealer North, East-West vulnerable (Law 2).
    assert_eq!(b.dealer, N);
    assert_eq!(b.turn, Some(N));
    assert!(!b.recorded && !b.deal_known && b.auction.rows.is_empty());
    assert_eq!(
        serde_json::to_value(b.vulnerable).unwrap(),
        serde_json::json!("EW")
    );
    log.append(
        &k.td,
        Payload::BridgeAuction(tdlog::events::BridgeAuction {
            slot: empty.clone(),
            event: tdlog::bridge::events::AuctionEvent::Call {
                seat: N,
                call: "1C".parse().unwrap(),
            },
        }),
    )
    .unwrap();
    let b = views::board(&replayed(&p), &empty, Lang::En).unwrap();
    assert!(b.recorded);
    assert_eq!(b.turn, Some(E));
    assert_eq!(b.auction.rows[0][0].as_ref().unwrap().call, "1C");
    // A slot that cannot exist (board 0) is still refused.
    let none = Slot { board: 0, ..empty };
    assert!(matches!(
        views::board(&replayed(&p), &none, Lang::En),
        Err(ViewError::NoSuchBoard(_))
    ));
}

/// Law 54 (N5): an opening lead out of turn reads in German and Danish on the incident
/// screen: the tree's title, every branch's "when" and the TD's question from the tree of
/// Laws 53-56 (keyed by the tree, not by the irregularity's Law 54), and the card led with
/// its suit symbol and the language's honour (the queen is "D" for Dame / dame).
#[test]
fn law_54_an_opening_lead_out_of_turn_reads_in_german_and_danish_with_the_card_in_symbols() {
    let dir = tempfile::tempdir().unwrap();
    let (p, mut log, k) = log_with_insufficient_bid(dir.path());
    // Table 2: 1NT by South; West is on lead, East leads the queen of spades.
    for (seat, c) in [(S, "1NT"), (W, "Pass"), (N, "Pass"), (E, "Pass")] {
        log.append(&k.scorer, call(2, seat, c)).unwrap();
    }
    log.append(&k.scorer, card(2, E, "SQ".parse().unwrap()))
        .unwrap();
    let r = replayed(&p);
    let lead = |lang: Lang| {
        views::incident(&r, &slot(2), lang)
            .unwrap()
            .irregularities
            .into_iter()
            .find(|x| x.phase == "play")
            .expect("the lead out of turn is flagged")
    };
    let (en, de, da) = (lead(Lang::En), lead(Lang::De), lead(Lang::Da));
    assert_eq!(en.law, "54");
    assert_eq!((en.action.as_str(), en.action_text.as_str()), ("SQ", "♠Q"));
    assert_eq!(de.action_text, "♠D");
    assert_eq!(da.action_text, "♠D");
    assert_eq!(de.title.text, "Ausspiel außer der Reihe");
    assert_eq!(da.title.text, "Udspil uden for tur");
    let a = de.options.iter().find(|o| o.id == "54A").unwrap();
    assert_eq!(a.when.key, "law.53-56.54A.when");
    assert_eq!(
        a.when.text,
        "erstes Ausspiel außer der Reihe: der Alleinspieler deckt seine Hand auf"
    );
    let c = da.options.iter().find(|o| o.id == "54C").unwrap();
    assert_eq!(
        c.judgement.as_ref().unwrap().text,
        "Kunne spilfører have set et eller flere af den blindes kort?"
    );
    // No branch falls back to the English.
    for other in [&de, &da] {
        for (x, y) in en.options.iter().zip(&other.options) {
            assert_ne!(x.when.text, y.when.text, "{}", x.id);
        }
    }
}

/// N5: the Scores screen's rows (and the traveller's) say the result and why a score is
/// special in the reader's language, while `note` and `result` stay `tdlog results`'s English
/// byte for byte.
#[test]
fn law_12c2_the_scores_rows_say_the_note_in_german_and_danish_and_keep_the_english() {
    let dir = tempfile::tempdir().unwrap();
    let (p, mut log, k) = log_with_insufficient_bid(dir.path());
    log.append(&k.scorer, call(1, W, "2H")).unwrap();
    let r = replayed(&p);
    log.append(
        &k.td,
        views::ruling_payload(&r, &slot(1), 1, "27B1a", None).unwrap(),
    )
    .unwrap();
    finish_board(&mut log, &k);
    let r = replayed(&p);
    let row = |lang: Lang, table: u32| {
        views::scores(&r, lang)
            .into_iter()
            .find(|x| x.row.table == table)
            .unwrap()
    };
    let en = row(Lang::En, 3);
    assert_eq!(
        en.row.note.as_deref(),
        Some("artificial adjusted score (Law 12C2): not compared")
    );
    assert_eq!(en.note_text, en.row.note);
    let de = row(Lang::De, 3);
    assert_eq!(de.row.note, en.row.note, "the engine's note stays English");
    assert_eq!(
        de.note_text.as_deref(),
        Some("künstlicher berichtigter Score (§ 12 C 2): nicht verglichen")
    );
    assert_eq!(de.reasons[0].key, "note.artificial_not_compared");
    assert!(
        de.result_text
            .starts_with("berichtigter Score nach § 12 C 2"),
        "{}",
        de.result_text
    );
    let da = row(Lang::Da, 3);
    assert_eq!(
        da.note_text.as_deref(),
        Some("kunstig score (§ 12C2): ikke sammenlignet")
    );
    // A played row: the contract with its suit symbol, the declarer by name.
    let played = row(Lang::De, 1);
    assert!(
        played.result_text.starts_with("2♥, Alleinspieler West"),
        "{}",
        played.result_text
    );
    assert!(
        played.row.result.starts_with("2H by W"),
        "{}",
        played.row.result
    );
    assert_eq!(
        row(Lang::Da, 2).result_text,
        "3UT, spilfører Syd, 9 stik, NS +400"
    );
}
