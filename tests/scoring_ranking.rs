//! Rankings with ties (Law 78D: the conditions of contest set how winners are determined and
//! ties broken; without a tie-break, equal totals share the place).
use tdlog::scoring::policy::{PlaceStyle, RankingPolicy, TieBreak};
use tdlog::scoring::ranking::{rank, Place, Standing};
use tdlog::scoring::ScoringError;

fn labels<Id: Clone>(r: &[tdlog::scoring::ranking::Ranked<Id>]) -> Vec<(Id, String)> {
    r.iter().map(|x| (x.id.clone(), x.label.clone())).collect()
}

#[test]
fn law_78d_equal_totals_share_the_place_in_id_order() {
    let s = vec![
        Standing::new(7u32, 55.21),
        Standing::new(3, 61.0),
        Standing::new(12, 55.21),
        Standing::new(5, 58.4),
        Standing::new(1, 40.0),
    ];
    let r = rank(&s, &RankingPolicy::default()).unwrap();
    assert_eq!(
        labels(&r),
        [
            (3, "1".to_string()),
            (5, "2".to_string()),
            (7, "3-4".to_string()),
            (12, "3-4".to_string()),
            (1, "5".to_string()),
        ]
    );
    assert_eq!(r[2].place, Place { first: 3, last: 4 });
    let eq = RankingPolicy {
        place_style: PlaceStyle::Equals,
        ..Default::default()
    };
    let r = rank(&s, &eq).unwrap();
    assert_eq!(r[3].label, "3=");
    assert_eq!(r[4].label, "5");
}

#[test]
fn ranking_does_not_depend_on_input_order() {
    let mut s: Vec<Standing<String>> = ["B", "A", "D", "C"]
        .iter()
        .zip([10.0, 12.5, 10.0, 10.0])
        .map(|(id, t)| Standing::new(id.to_string(), t))
        .collect();
    let a = rank(&s, &RankingPolicy::default()).unwrap();
    s.reverse();
    let b = rank(&s, &RankingPolicy::default()).unwrap();
    assert_eq!(a, b);
    assert_eq!(
        a.iter().map(|x| x.id.as_str()).collect::<Vec<_>>(),
        ["A", "B", "C", "D"]
    );
    assert!(a[1..].iter().all(|x| x.label == "2-4"));
}

#[test]
fn totals_compare_at_the_published_precision() {
    let s = vec![Standing::new(1u32, 55.214), Standing::new(2, 55.206)];
    let r = rank(&s, &RankingPolicy::default()).unwrap();
    assert!(r.iter().all(|x| x.label == "1-2"));
    let exact = RankingPolicy {
        compare_decimals: None,
        ..Default::default()
    };
    let r = rank(&s, &exact).unwrap();
    assert_eq!(labels(&r), [(1, "1".to_string()), (2, "2".to_string())]);
}

#[test]
fn tie_break_keys_then_shared_place() {
    let mut a = Standing::new(1u32, 100.0);
    a.keys = vec![12.0, 3.0];
    let mut b = Standing::new(2, 100.0);
    b.keys = vec![15.0, 0.0];
    let mut c = Standing::new(3, 100.0);
    c.keys = vec![12.0, 3.0];
    let mut d = Standing::new(4, 90.0);
    d.keys = vec![20.0, 20.0];
    let keys = RankingPolicy {
        tie_break: TieBreak::Keys,
        ..Default::default()
    };
    let r = rank(&[a.clone(), b.clone(), c.clone(), d.clone()], &keys).unwrap();
    assert_eq!(
        labels(&r),
        [
            (2, "1".to_string()),
            (1, "2-3".to_string()),
            (3, "2-3".to_string()),
            (4, "4".to_string()),
        ]
    );
    // The default ignores the keys.
    let r = rank(&[a, b, c, d.clone()], &RankingPolicy::default()).unwrap();
    assert!(r[..3].iter().all(|x| x.label == "1-3"));
    let mut e = Standing::new(5, 1.0);
    e.keys = vec![1.0];
    assert_eq!(
        rank(&[d, e], &keys).unwrap_err(),
        ScoringError::TieBreakKeys
    );
}

#[test]
fn ranking_errors_name_law_78d() {
    let dup = [Standing::new(4u32, 1.0), Standing::new(4, 2.0)];
    let err = rank(&dup, &RankingPolicy::default()).unwrap_err();
    assert_eq!(err, ScoringError::DuplicateContestant("4".into()));
    assert!(err.to_string().starts_with("Law 78D"));
    let nan = [Standing::new(1u32, f64::NAN)];
    assert!(matches!(
        rank(&nan, &RankingPolicy::default()),
        Err(ScoringError::BadTotal(_))
    ));
    assert_eq!(rank::<u32>(&[], &RankingPolicy::default()).unwrap(), []);
}
