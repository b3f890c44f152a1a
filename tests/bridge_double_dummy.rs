//! The adjustment assistant's double-dummy table and par (Law 12C1) against a file whose
//! producer computed both: every record of the RealBridge PBN in `fixtures/pbn/` carries
//! `DoubleDummyTricks`, `OptimumResultTable` and `OptimumScore`.
use std::collections::BTreeSet;
use tdlog::bridge::board::Deal;
use tdlog::bridge::call::Strain;
use tdlog::bridge::double_dummy::{self, optimum_score_ns, DdTable};
use tdlog::bridge::pbn;
use tdlog::bridge::seat::Seat;
use tdlog::bridge::vulnerability::Vulnerability;

const REALBRIDGE: &str = include_str!("../fixtures/pbn/realbridge-2021-online-qual-open-r2.pbn");

#[test]
fn law_12c1_dd_tables_match_the_realbridge_file() {
    let records = pbn::parse(REALBRIDGE).unwrap();
    let mut deals = BTreeSet::new();
    let mut boards = BTreeSet::new();
    let mut checked = 0;
    for r in &records {
        let (Some(deal), Some(tag), Some(optimum)) = (
            r.tag("Deal"),
            r.tag("DoubleDummyTricks"),
            r.tag("OptimumScore"),
        ) else {
            continue;
        };
        let board = r.tag("Board").unwrap_or("?");
        let vul: Vulnerability = r.tag("Vulnerable").unwrap().parse().unwrap();
        let a = double_dummy::analyse(&Deal::parse_checked(deal).unwrap(), vul).unwrap();
        // The tag, decoded in its own order (declarers N, S, E, W; NT, S, H, D, C), and
        // written back exactly as RealBridge writes it.
        assert_eq!(
            a.table,
            DdTable::from_pbn_tag(tag).unwrap(),
            "board {board} line {}",
            r.line
        );
        assert_eq!(a.table.to_pbn_tag(), tag, "board {board}");
        // The same table as the producer's OptimumResultTable, read row by row by name.
        let t = r.table("OptimumResultTable").unwrap();
        assert_eq!(t.rows.len(), 20, "board {board}");
        for row in &t.rows {
            let seat: Seat = t.get(row, "Declarer").unwrap().parse().unwrap();
            let strain = Strain::parse(t.get(row, "Denomination").unwrap()).unwrap();
            let tricks: u8 = t.get(row, "Result").unwrap().parse().unwrap();
            assert_eq!(
                a.table.tricks(seat, strain),
                tricks,
                "board {board} {row:?}"
            );
        }
        // Par: N-S's par scored for N-S is the file's OptimumScore; E-W's is its negative.
        assert_eq!(
            a.ns.score,
            optimum_score_ns(optimum).unwrap(),
            "board {board}"
        );
        assert_eq!(a.ew.score, -a.ns.score, "board {board}");
        assert!(!a.ns.contracts.is_empty(), "board {board}");
        deals.insert(deal.to_string());
        boards.insert(board.to_string());
        checked += 1;
    }
    // Every record of the file, its ten boards (11-20), each a deal of its own.
    assert_eq!(checked, records.len());
    assert_eq!(checked, 299);
    assert_eq!(boards.len(), 10);
    assert_eq!(deals.len(), 10);
}

#[test]
fn law_12c1_par_contracts_name_the_contract_and_declarer() {
    // Board 12 of the file: N-S vulnerable, 4H by N or S makes exactly (NS +620).
    let records = pbn::parse(REALBRIDGE).unwrap();
    let r = records
        .iter()
        .find(|r| r.tag("Board") == Some("12"))
        .unwrap();
    let deal = Deal::parse_checked(r.tag("Deal").unwrap()).unwrap();
    let a = double_dummy::analyse(&deal, "NS".parse().unwrap()).unwrap();
    assert_eq!(a.ns.score, 620);
    let named: BTreeSet<(String, Seat, i8)> =
        a.ns.contracts
            .iter()
            .map(|c| (c.contract.clone(), c.declarer, c.overtricks))
            .collect();
    assert_eq!(
        named,
        BTreeSet::from([("4H".into(), Seat::N, 0), ("4H".into(), Seat::S, 0)])
    );
    // Board 18: E-W make 3NT, N-S's par is -400 and E-W's +400.
    let r = records
        .iter()
        .find(|r| r.tag("Board") == Some("18"))
        .unwrap();
    let deal = Deal::parse_checked(r.tag("Deal").unwrap()).unwrap();
    let a = double_dummy::analyse(&deal, "NS".parse().unwrap()).unwrap();
    assert_eq!((a.ns.score, a.ew.score), (-400, 400));
    assert!(a
        .ew
        .contracts
        .iter()
        .all(|c| c.contract == "3NT" && c.declarer.side() == tdlog::bridge::seat::Side::EW));
}

#[test]
fn law_12c1_par_follows_the_pbn_vulnerability_spellings() {
    // The same table scored under each spelling PBN uses: Love, -, None; All, Both.
    let t = DdTable::from_pbn_tag("a8ab7a8ab72532625326").unwrap();
    let score = |v: &str| double_dummy::par(&t, v.parse().unwrap()).0.score;
    for none in ["None", "Love", "-"] {
        assert_eq!(score(none), 430, "{none}");
    }
    for all in ["All", "Both"] {
        assert_eq!(score(all), 630, "{all}");
    }
}

#[test]
fn an_incomplete_deal_is_refused_naming_the_missing_cards() {
    let deal = Deal::from_pbn("N:KT8.A96.A95.7542 - - -").unwrap();
    let e = double_dummy::solve(&deal).unwrap_err();
    assert!(e.to_string().contains("52 cards"), "{e}");
}
