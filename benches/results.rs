//! Results benchmark (`cargo bench --bench results`): a 200-table pairs session of 27 boards
//! (every board played at every table: 5,400 results, 200 per board), scored and ranked from
//! a fresh replay, and kept up to date after one ruling. Times are given as ratios to the
//! time of reading the same events from SQLite, measured in the same run; the section of
//! `docs/benchmarks.md` between the `results-bench` markers is rewritten. Each figure is the
//! median of 7 runs (the "of which" rows are medians of their own, so they need not add up
//! exactly).

mod common;

use common::session::build;

use std::hint::black_box;
use std::time::Instant;
use tdlog::events::{Adjustment, Artificial, Payload, ScoreAdjusted, Slot};
use tdlog::log::{replay, Projection};
use tdlog::results::{ranking, results, Scores, Tournament};

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("session.tdlog");
    let (mut log, chief) = build(&p);
    // Medians of 7 runs: the machine is shared, and a median ignores the runs another
    // job slowed down.
    let reps = 7;
    let mut t_read = vec![];
    let mut t_fresh = vec![];
    let mut t_verify = vec![];
    let mut t_fold = vec![];
    let mut events = 0;
    for _ in 0..reps {
        let t = Instant::now();
        let inputs = log.read_inputs().unwrap();
        events = inputs.len();
        black_box(&inputs);
        t_read.push(t.elapsed().as_secs_f64());

        let t = Instant::now();
        let v = log.verify(None).unwrap();
        t_verify.push(t.elapsed().as_secs_f64());
        let f = Instant::now();
        let mut tour = Tournament::default();
        replay(&v, &mut tour);
        let rows = results(&tour);
        black_box(ranking(&tour, &rows));
        t_fold.push(f.elapsed().as_secs_f64());
        t_fresh.push(t.elapsed().as_secs_f64());
    }
    // Incremental: the projection and scores are live; one ruling arrives.
    let v = log.verify(None).unwrap();
    let mut tour = Tournament::default();
    replay(&v, &mut tour);
    let mut scores = Scores::default();
    scores.update(&mut tour);
    let mut t_inc = vec![];
    for i in 0..reps {
        let slot = Slot {
            section: "A".into(),
            round: 5,
            table: 10 + i as u32,
            board: 5,
        };
        let s = tour.slots[&slot].clone();
        log.append(
            &chief,
            Payload::ScoreAdjusted(Box::new(ScoreAdjusted {
                slot,
                ns: s.ns,
                ew: s.ew,
                law: "12C2".into(),
                adjustment: Adjustment::Artificial {
                    ns: Artificial::AveragePlus,
                    ew: Artificial::AverageMinus,
                },
                reason: "bench".into(),
            })),
        )
        .unwrap();
        let v = log.verify(None).unwrap();
        let e = v.events.last().unwrap();
        let t = Instant::now();
        tour.apply(e, v.keys.get(&e.env.author).unwrap());
        let touched = scores.update(&mut tour);
        black_box(ranking(&tour, scores.iter()));
        t_inc.push(t.elapsed().as_secs_f64());
        assert_eq!(touched, 1);
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (read, fresh, inc) = (median(t_read), median(t_fresh), median(t_inc));
    let verify = median(t_verify);
    let fold = median(t_fold);
    let md = format!(
        "## Results: 200-table pairs session, 27 boards\n\n\
         Written by `cargo bench --bench results`. {events} events (5,400 table results, 200 per board); median of {reps} runs. \
         Baseline: reading the same events from SQLite ({:.1} ms).\n\n\
         | measurement | time | ratio to reading the events |\n|---|---:|---:|\n\
         | fresh replay: verify every signature, fold, matchpoint every board, rank | {:.1} ms | {:.2} |\n\
         | of which verification (every signature, chain and key) | {:.1} ms | {:.2} |\n\
         | of which fold + matchpoints + ranking | {:.1} ms | {:.2} |\n\
         | incremental: fold one ruling, rescore the one board it touched, re-rank | {:.2} ms | {:.4} |\n\
",
        read * 1e3,
        fresh * 1e3,
        fresh / read,
        verify * 1e3,
        verify / read,
        fold * 1e3,
        fold / read,
        inc * 1e3,
        inc / read
    );
    print!("{md}");
    common::write_section("results-bench", &md);
}
