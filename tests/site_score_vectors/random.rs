// The fixed-seed generator of random tournaments (included by tests/site_score_vectors.rs).
// ---- A fixed-seed generator -------------------------------------------------------------------

/// SplitMix64: the same numbers on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// 0..n.
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// true with probability `pct` %.
    fn chance(&mut self, pct: u64) -> bool {
        self.below(100) < pct
    }

    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len() as u64) as usize]
    }
}

/// A plausible table result: a contract near a common one, its tricks near the bid.
fn random_result(rng: &mut Rng) -> String {
    if rng.chance(4) {
        return "Pass".into();
    }
    let level = *rng.pick(&[1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 6, 7]);
    let strain = *rng.pick(&["C", "D", "H", "S", "NT"]);
    let dbl = if rng.chance(12) {
        if rng.chance(25) {
            "XX"
        } else {
            "X"
        }
    } else {
        ""
    };
    let decl = *rng.pick(&["N", "E", "S", "W"]);
    let need = 6 + level as i64;
    let tricks = (need + *rng.pick(&[-3, -2, -1, -1, 0, 0, 0, 0, 1, 1, 2])).clamp(0, 13);
    format!("{level}{strain}{dbl} {decl} {tricks}")
}

fn random_artificial(rng: &mut Rng) -> String {
    let a = ["A+", "A", "A-"];
    format!("{}/{}", rng.pick(&a), rng.pick(&a))
}

/// A random line: mostly a result, sometimes a hole (None: no event at all), not played or
/// an adjusted score.
fn random_line(rng: &mut Rng) -> Option<String> {
    let x = rng.below(100);
    Some(match x {
        0..=7 => return None,
        8..=11 => "np".into(),
        12..=17 => random_artificial(rng),
        18..=20 => format!("np;{}", random_artificial(rng)),
        21..=24 => format!("{};@{}", random_result(rng), random_result(rng)),
        25..=29 => format!(
            "{};w {}*{} + {}*{}",
            random_result(rng),
            1 + rng.below(4),
            random_result(rng),
            1 + rng.below(4),
            random_result(rng)
        ),
        30..=31 => format!(
            "w {}*{} + {}*{} | {}*{} + {}*{}",
            1 + rng.below(3),
            random_result(rng),
            1 + rng.below(3),
            random_result(rng),
            1 + rng.below(3),
            random_result(rng),
            1 + rng.below(3),
            random_result(rng)
        ),
        _ => random_result(rng),
    })
}

fn random_rounding(rng: &mut Rng) -> Value {
    let decimals = rng
        .pick(&[
            json!(null),
            json!(0),
            json!(1),
            json!(1),
            json!(2),
            json!(2),
        ])
        .clone();
    let mode = *rng.pick(&[
        "half_away_from_zero",
        "half_away_from_zero",
        "down",
        "half_even",
    ]);
    json!({"decimals": decimals, "mode": mode})
}

fn random_policy(rng: &mut Rng, section: &str, form: Form) -> Value {
    let methods: &[&str] = if form == Form::Teams {
        &[
            "teams_imps",
            "teams_imps",
            "teams_imps",
            "matchpoints",
            "cross_imps",
        ]
    } else {
        &[
            "matchpoints",
            "matchpoints",
            "cross_imps",
            "butler",
            "total_points",
            "teams_imps",
        ]
    };
    let drops = [
        json!("field_size"),
        json!("none"),
        json!("median"),
        json!({"count": 1}),
        json!({"percent": 20.0}),
        json!({"middle_percent": 60.0}),
    ];
    let mut p = json!({
        "section": section,
        "method": rng.pick(methods),
        "artificial": {
            "average_minus_pct": *rng.pick(&[40.0, 40.0, 35.0, 30.0]),
            "average_pct": *rng.pick(&[50.0, 50.0, 45.0]),
            "average_plus_pct": *rng.pick(&[60.0, 60.0, 65.0, 70.0]),
            "imps": *rng.pick(&[3, 3, 2, 4]),
            "session_rule": *rng.pick(&["wbf", "wbf", "dbv_text"]),
        },
        "dbv_footnote_c": rng.chance(20),
        "knockout": rng.chance(25),
        "scoring": {
            "matchpoints": {
                "factoring": *rng.pick(&["neuberg", "neuberg", "pro_rata", "none"]),
                "mp_rounding": random_rounding(rng),
                "pct_rounding": random_rounding(rng),
            },
            "cross_imps": {
                "divisor": *rng.pick(&["comparisons", "results", "none"]),
                "factoring": *rng.pick(&["proportional", "comparisons", "none"]),
                "rounding": random_rounding(rng),
                "artificial_per_comparison": rng.chance(25),
            },
            "butler": {
                "drop": rng.pick(&drops).clone(),
                "rounding": *rng.pick(&["half_even", "half_away_from_zero", "half_up", "none"]),
            },
            "weighted_imps": *rng.pick(&["imp_each_outcome", "weight_points"]),
        },
        "note": "random policy",
    });
    if rng.chance(20) {
        p["artificial"]["imps_decimal"] = json!(*rng.pick(&[1.2, 1.5, 2.5]));
    }
    if rng.chance(30) {
        p["factoring_rules"] = json!([{
            "boards": [1 + rng.below(4), 2 + rng.below(6)],
            "factoring": *rng.pick(&["neuberg", "pro_rata", "none"]),
            "mp_rounding": random_rounding(rng),
        }, {
            "min_field": 2 + rng.below(4),
            "factoring": *rng.pick(&["neuberg", "pro_rata", "none"]),
            "mp_rounding": random_rounding(rng),
        }]);
    }
    p
}

/// A random tournament: a random form, field, movement and policy, random results with
/// holes and adjusted scores, sometimes recorded vulnerabilities and a fouled board.
fn random(seed: u64) -> Sc {
    let mut sc = Sc::new(&format!("random{seed}"));
    let mut rng = Rng(1000 + seed);
    let form = *rng.pick(&[Form::Pairs, Form::Pairs, Form::Teams, Form::Individual]);
    sc.section("R", form);
    if rng.chance(85) {
        let p = random_policy(&mut rng, "R", form);
        sc.policy(p);
    }
    let boards: u32 = if form == Form::Teams {
        let per = 2 + rng.below(2) as u32;
        sc.teams(
            "R",
            &[
                (
                    &[("A", "B"), ("C", "D"), ("E", "F")],
                    &(1..=per).collect::<Vec<_>>(),
                ),
                (
                    &[("A", "C"), ("B", "E"), ("D", "F")],
                    &(per + 1..=2 * per).collect::<Vec<_>>(),
                ),
            ],
        );
        2 * per
    } else {
        let tables = 2 + rng.below(5) as u32;
        let rounds = 2 + rng.below(2) as u32;
        let per = 1 + rng.below(2) as u32;
        if form == Form::Individual {
            for r in 1..=rounds {
                let boards: Vec<u32> = ((r - 1) * per + 1..=r * per).collect();
                for t in 1..=tables {
                    let p = |k: u32| (4 * (t - 1) + (k + r) % 4 + 1).to_string();
                    let (ns, ew) = (format!("{}+{}", p(0), p(2)), format!("{}+{}", p(1), p(3)));
                    sc.table("R", r, t, &ns, &ew, &boards);
                }
            }
        } else {
            sc.mitchell("R", tables, rounds, per);
        }
        rounds * per
    };
    for b in 1..=boards {
        if rng.chance(20) {
            let v = *rng.pick(&["None", "NS", "EW", "All"]);
            sc.facts("R", b, v);
        }
    }
    let schedule: BTreeMap<(u32, u32), Vec<u32>> = sc
        .seats
        .iter()
        .map(|((_, r, t), (_, _, bs))| ((*r, *t), bs.clone()))
        .collect();
    for ((r, t), bs) in &schedule {
        for &b in bs {
            if let Some(spec) = random_line(&mut rng) {
                sc.line("R", *r, *t, b, &spec);
            }
        }
    }
    if rng.chance(40) {
        // A fouled board: the first round's tables split in two.
        let tables: Vec<(u32, u32)> = schedule.keys().filter(|(r, _)| *r == 1).copied().collect();
        let half = tables.len().div_ceil(2);
        sc.fouled(
            "R",
            schedule[&(1, 1)][0],
            vec![tables[..half].to_vec(), tables[half..].to_vec()],
        );
    }
    sc
}
