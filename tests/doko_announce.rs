//! Announcement-validity cases V1–V14 of doppelkopf.md §2.3 (§5, §3.5.4, §3.5.6).
use std::collections::BTreeMap;

use tdlog::doko::announce::{
    evaluate, AnnounceContext, AnnounceIssue, AnnouncementInput, AnnouncementSummary, Level,
};
use tdlog::doko::profile::Profile;
use tdlog::doko::seat::{Party, Seat};

fn normal() -> BTreeMap<Seat, Party> {
    BTreeMap::from([
        (Seat::A, Party::Re),
        (Seat::B, Party::Kontra),
        (Seat::C, Party::Re),
        (Seat::D, Party::Kontra),
    ])
}

fn solo(soloist: Seat) -> BTreeMap<Seat, Party> {
    [Seat::A, Seat::B, Seat::C, Seat::D]
        .into_iter()
        .map(|s| {
            (
                s,
                if s == soloist {
                    Party::Re
                } else {
                    Party::Kontra
                },
            )
        })
        .collect()
}

fn a(seat: Seat, level: Level, h: u8) -> AnnouncementInput {
    AnnouncementInput {
        seat,
        level,
        cards_in_hand: h,
        stated_party: None,
        simultaneous: false,
        tricks_completed: 12 - h,
        partnership_clear: None,
        void: false,
    }
}

fn plain() -> AnnounceContext {
    AnnounceContext::plain(&Profile::eppstein_2001())
}

fn hochzeit(k: u8) -> AnnounceContext {
    AnnounceContext {
        shift: k - 1,
        earliest_after_tricks: Some(k),
        ..plain()
    }
}

fn run(
    p: &BTreeMap<Seat, Party>,
    is_solo: bool,
    ctx: AnnounceContext,
    xs: &[AnnouncementInput],
) -> AnnouncementSummary {
    evaluate(xs, p, is_solo, &ctx)
}

#[test]
fn v01_re_before_trick_1_legal_5_2_2() {
    let s = run(&normal(), false, plain(), &[a(Seat::A, Level::Ansage, 12)]);
    assert!(s.records[0].legal);
    assert!(s.re.announced);
    assert_eq!(s.re.first_timely, Some(true));
}

#[test]
fn v02_re_at_11_cards_is_the_last_moment_5_2_2() {
    let s = run(&normal(), false, plain(), &[a(Seat::A, Level::Ansage, 11)]);
    assert!(s.records[0].legal);
}

#[test]
fn v03_re_at_10_cards_is_late_but_stands_5_2_2_8_8_3() {
    let s = run(&normal(), false, plain(), &[a(Seat::A, Level::Ansage, 10)]);
    assert!(!s.records[0].legal);
    assert_eq!(
        s.records[0].issues,
        vec![AnnounceIssue::TooLate {
            level: Level::Ansage,
            needed: 11,
            held: 10
        }]
    );
    assert!(s.re.announced, "an unclaimed late announcement stands");
}

#[test]
fn v04_kontra_erwiderung_one_card_later_5_5_4() {
    let s = run(
        &normal(),
        false,
        plain(),
        &[a(Seat::A, Level::Ansage, 12), a(Seat::B, Level::Ansage, 10)],
    );
    assert!(s.records[1].legal);
    assert!(s.records[1].erwiderung);
    assert_eq!(s.kontra.first_timely, Some(false));
}

#[test]
fn v05_kontra_two_cards_later_is_late_5_5_4() {
    let s = run(
        &normal(),
        false,
        plain(),
        &[a(Seat::A, Level::Ansage, 12), a(Seat::B, Level::Ansage, 9)],
    );
    assert!(!s.records[1].legal);
    assert!(matches!(
        s.records[1].issues[0],
        AnnounceIssue::TooLate { .. }
    ));
}

#[test]
fn v06_erwiderung_to_keine_90_5_5_4() {
    let s = run(
        &normal(),
        false,
        plain(),
        &[
            a(Seat::A, Level::Ansage, 12),
            a(Seat::A, Level::Keine90, 10),
            a(Seat::B, Level::Ansage, 9),
        ],
    );
    assert!(s.records.iter().all(|r| r.legal));
    assert!(s.records[2].erwiderung);
}

#[test]
fn v07_no_absage_after_an_erwiderung_5_5_4_second_sentence() {
    let s = run(
        &normal(),
        false,
        plain(),
        &[
            a(Seat::A, Level::Ansage, 12),
            a(Seat::B, Level::Ansage, 10),
            AnnouncementInput {
                stated_party: Some(Party::Kontra),
                ..a(Seat::D, Level::Keine90, 10)
            },
        ],
    );
    assert!(s.records[1].legal);
    assert!(!s.records[2].legal);
    assert_eq!(
        s.records[2].issues,
        vec![AnnounceIssue::AbsageAfterLateFirst]
    );
}

#[test]
fn v08_keine_60_at_11_implies_re_and_keine_90_5_5_3() {
    let s = run(&normal(), false, plain(), &[a(Seat::A, Level::Keine60, 11)]);
    assert!(s.records[0].legal);
    assert_eq!(
        s.records[0].added,
        vec![Level::Ansage, Level::Keine90, Level::Keine60]
    );
    assert!(s.re.announced);
    assert_eq!(s.re.absagen, 2);
}

#[test]
fn v09_missed_re_cannot_be_made_up_by_keine_90_5_5_3() {
    let s = run(&normal(), false, plain(), &[a(Seat::A, Level::Keine90, 10)]);
    assert!(!s.records[0].legal);
    assert_eq!(
        s.records[0].issues,
        vec![AnnounceIssue::TooLate {
            level: Level::Ansage,
            needed: 11,
            held: 10
        }]
    );
}

#[test]
fn v10_skipped_keine_90_needed_10_cards_5_5_3() {
    let s = run(
        &normal(),
        false,
        plain(),
        &[a(Seat::A, Level::Ansage, 11), a(Seat::A, Level::Keine60, 9)],
    );
    assert!(s.records[0].legal);
    assert!(!s.records[1].legal);
    assert_eq!(
        s.records[1].issues,
        vec![AnnounceIssue::TooLate {
            level: Level::Keine90,
            needed: 10,
            held: 9
        }]
    );
}

#[test]
fn v11_hochzeit_klaerung_in_trick_3_shifts_by_2_5_5_2() {
    let p = normal();
    let during = AnnouncementInput {
        tricks_completed: 2,
        ..a(Seat::A, Level::Ansage, 10)
    };
    let s = run(&p, false, hochzeit(3), &[during]);
    assert_eq!(s.records[0].issues, vec![AnnounceIssue::TooEarly]);
    let after = AnnouncementInput {
        tricks_completed: 3,
        ..a(Seat::A, Level::Ansage, 9)
    };
    let s = run(&p, false, hochzeit(3), std::slice::from_ref(&after));
    assert!(s.records[0].legal);
    let k90_at_8 = AnnouncementInput {
        tricks_completed: 4,
        ..a(Seat::A, Level::Keine90, 8)
    };
    let s = run(&p, false, hochzeit(3), &[after.clone(), k90_at_8]);
    assert!(s.records[1].legal);
    let k90_at_7 = AnnouncementInput {
        tricks_completed: 5,
        ..a(Seat::A, Level::Keine90, 7)
    };
    let s = run(&p, false, hochzeit(3), &[after, k90_at_7]);
    assert!(!s.records[1].legal);
}

#[test]
fn v12_hochzeit_klaerung_in_trick_1_no_shift_but_not_before_5_5_2() {
    let p = normal();
    let before = AnnouncementInput {
        tricks_completed: 0,
        ..a(Seat::B, Level::Ansage, 11)
    };
    let s = run(&p, false, hochzeit(1), &[before]);
    assert_eq!(s.records[0].issues, vec![AnnounceIssue::TooEarly]);
    let after = AnnouncementInput {
        tricks_completed: 1,
        ..a(Seat::B, Level::Ansage, 11)
    };
    let s = run(&p, false, hochzeit(1), &[after]);
    assert!(s.records[0].legal);
}

#[test]
fn v13_stille_hochzeit_has_no_shift_3_5_6() {
    let s = run(
        &solo(Seat::D),
        true,
        plain(),
        &[a(Seat::D, Level::Ansage, 10)],
    );
    assert!(!s.records[0].legal);
}

#[test]
fn v14_solo_erwiderung_to_re_keine_90_5_5_4() {
    let s = run(
        &solo(Seat::A),
        true,
        plain(),
        &[a(Seat::A, Level::Keine90, 12), a(Seat::B, Level::Ansage, 9)],
    );
    assert!(s.records.iter().all(|r| r.legal));
    assert!(s.records[1].erwiderung);
    assert_eq!(s.re.absagen, 1);
}

#[test]
fn wrong_party_announcement_is_flagged_and_not_counted_1_4() {
    let mut x = a(Seat::B, Level::Ansage, 12);
    x.stated_party = Some(Party::Re);
    let s = run(&normal(), false, plain(), &[x]);
    assert_eq!(s.records[0].issues, vec![AnnounceIssue::WrongParty]);
    assert!(!s.re.announced && !s.kontra.announced);
}

#[test]
fn third_player_absage_must_state_party_5_5_5() {
    let s = run(
        &normal(),
        false,
        plain(),
        &[
            a(Seat::A, Level::Ansage, 12),
            a(Seat::B, Level::Ansage, 12),
            a(Seat::C, Level::Keine90, 11),
        ],
    );
    assert_eq!(s.records[2].issues, vec![AnnounceIssue::PartyNotStated]);
    let mut c = a(Seat::C, Level::Keine90, 11);
    c.stated_party = Some(Party::Re);
    let s = run(
        &normal(),
        false,
        plain(),
        &[
            a(Seat::A, Level::Ansage, 12),
            a(Seat::B, Level::Ansage, 12),
            c,
        ],
    );
    assert!(s.records[2].legal);
}
