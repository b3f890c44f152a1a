//! Traveller entry benchmark (`cargo bench --bench traveller`, issue 28): the 200-table,
//! 27-board session of `benches/results.rs` held in a `live::Live` (as the app holds it)
//! with the last round's 200 results still to enter. Each line is typed key by key (the
//! check runs on every keystroke, `views::check_line`), then Enter: check, build the payload
//! (`views::line_payload`), sign and store it durably and fold it in (`Live::append`, which
//! rescores only the board it touched), and the ranking updated (`results::ranking` over
//! the live rows), and the board's traveller grid redrawn (`views::traveller`). Times are
//! medians and worsts over the 200 lines, and ratios to reading the session's events from
//! SQLite in the same run; the section between the `traveller-bench` markers of
//! `docs/benchmarks.md` is rewritten.
//!
//! `TDLOG_BENCH_QUICK=1` enters 20 lines (results are then not written).

mod common;

use common::session::{build_leaving_out, played, scorer, BOARDS, TABLES};
use std::hint::black_box;
use std::time::Instant;
use tdlog::bridge::seat::Seat;
use tdlog::events::{Slot, TableResult};
use tdlog::i18n::Lang;
use tdlog::keys::Role;
use tdlog::live::Live;
use tdlog::log::Log;
use tdlog::results::traveller::{format_line, TravellerEntry};
use tdlog::views::{check_line, line_payload, traveller, TravellerBy};

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn worst(v: &[f64]) -> f64 {
    v.iter().copied().fold(0.0, f64::max)
}

fn main() {
    let quick = std::env::var_os("TDLOG_BENCH_QUICK").is_some();
    let lines = if quick { 20 } else { TABLES as usize };
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("session.tdlog");
    // The last round (board 27 at every table) is still to be entered.
    let (log, _) = build_leaving_out(&p, |g| g.round == BOARDS);
    drop(log);
    let key = scorer();
    let t = Instant::now();
    let mut live = Live::open(Log::open(&p).unwrap(), None).unwrap();
    let open = t.elapsed().as_secs_f64();

    // The baseline: reading the session's events from SQLite, as the results bench does.
    let mut t_read = vec![];
    let mut events = 0;
    for _ in 0..7 {
        let t = Instant::now();
        let inputs = live.read_inputs().unwrap();
        events = inputs.len();
        black_box(&inputs);
        t_read.push(t.elapsed().as_secs_f64());
    }
    let read = median(&mut t_read);

    let todo: Vec<_> = played()
        .into_iter()
        .filter(|g| g.round == BOARDS)
        .take(lines)
        .collect();
    let (mut t_key, mut t_enter, mut t_grid) = (vec![], vec![], vec![]);
    let (mut t_checked, mut t_signed, mut t_ranked) = (vec![], vec![], vec![]);
    let mut keystrokes = 0usize;
    for g in &todo {
        let slot = Slot {
            section: "A".into(),
            round: g.round,
            table: g.table,
            board: g.board,
        };
        let entry = TravellerEntry::Result(TableResult {
            contract: g.contract.into(),
            declarer: Some(if g.declarer == 'N' { Seat::N } else { Seat::E }),
            tricks: Some(g.tricks),
        });
        let line = format_line(&entry, Lang::En);
        // Every keystroke: the check the input line shows.
        for n in 1..=line.chars().count() {
            let typed: String = line.chars().take(n).collect();
            let t = Instant::now();
            let c = check_line(&live.replayed, &slot, &typed, Lang::En, Some(Role::Scorer));
            t_key.push(t.elapsed().as_secs_f64());
            black_box(c);
            keystrokes += 1;
        }
        // Enter: check, payload, sign + store + fold, ranking updated.
        let t = Instant::now();
        let c = check_line(&live.replayed, &slot, &line, Lang::En, Some(Role::Scorer));
        assert!(c.ok, "{line}: {c:?}");
        let payload = line_payload(&live.replayed, &slot, &line, Lang::En).unwrap();
        let checked = t.elapsed().as_secs_f64();
        let now = chrono::Utc::now().timestamp_millis();
        live.append(&key, payload, now).unwrap();
        let signed = t.elapsed().as_secs_f64();
        let ranking = tdlog::results::ranking(&live.replayed.tournament, &live.replayed.results);
        let ranked = t.elapsed().as_secs_f64();
        t_enter.push(ranked);
        t_checked.push(checked);
        t_signed.push(signed - checked);
        t_ranked.push(ranked - signed);
        black_box(ranking);
        // The traveller grid of the board, redrawn after Enter.
        let t = Instant::now();
        let view = traveller(
            &live.replayed,
            TravellerBy::Board {
                section: "A".into(),
                board: g.board,
            },
            Lang::En,
        )
        .unwrap();
        t_grid.push(t.elapsed().as_secs_f64());
        black_box(view);
    }
    let results = live.replayed.results.len();
    assert_eq!(results, (TABLES * (BOARDS - 1)) as usize + todo.len());

    let (enter_med, enter_worst) = (median(&mut t_enter.clone()), worst(&t_enter));
    let (key_med, key_worst) = (median(&mut t_key.clone()), worst(&t_key));
    let (grid_med, grid_worst) = (median(&mut t_grid.clone()), worst(&t_grid));
    let ms = |x: f64| x * 1e3;
    let (checked, signed, ranked) = (
        median(&mut t_checked),
        median(&mut t_signed),
        median(&mut t_ranked),
    );
    let target = if enter_worst < 0.100 {
        "**met**"
    } else {
        "**not met**"
    };
    let md = format!(
        "## Traveller entry: one typed line per result on a 200-table session\n\n\
         Written by `cargo bench --bench traveller`. The 200-table, 27-board session of the results \
         bench ({events} events, {} results) held in a `live::Live` (opened in {:.0} ms), the last \
         round's {} lines entered one by one as a scorer types them (`3NT N =`). Baseline: reading \
         the same events from SQLite ({:.1} ms, median of 7).\n\n\
         | measurement | median | worst | median / reading the events |\n|---|---:|---:|---:|\n\
         | Enter: check + payload + sign, store (durable) and fold + ranking updated | {:.2} ms | {:.2} ms | {:.3} |\n\
         | of which check + payload | {:.3} ms | | {:.5} |\n\
         | of which sign, store (durable) and fold (`Live::append`) | {:.2} ms | | {:.3} |\n\
         | of which the ranking | {:.2} ms | | {:.3} |\n\
         | check on a keystroke ({keystrokes} keystrokes) | {:.1} µs | {:.1} µs | {:.5} |\n\
         | traveller grid of the board redrawn (200 rows) | {:.2} ms | {:.2} ms | {:.3} |\n\n\
         Target (issue 28): from Enter to the ranking updated under 100 ms: {target} (worst {:.1} ms).\n",
        results - todo.len(),
        open * 1e3,
        todo.len(),
        ms(read),
        ms(enter_med),
        ms(enter_worst),
        enter_med / read,
        ms(checked),
        checked / read,
        ms(signed),
        signed / read,
        ms(ranked),
        ranked / read,
        key_med * 1e6,
        key_worst * 1e6,
        key_med / read,
        ms(grid_med),
        ms(grid_worst),
        grid_med / read,
        ms(enter_worst),
    );
    print!("{md}");
    if !quick {
        common::write_section("traveller-bench", &md);
    }
}
