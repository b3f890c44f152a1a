// A tournament built from signed events, and its boards as vectors (included by
// tests/site_score_vectors.rs).

/// Who sits at a table of a round and the boards it plays: (N-S, E-W, boards).
type Seat3 = (String, String, Vec<u32>);
/// A teams round: its matches (home, away) and the boards they play.
type TeamsRound<'a> = (&'a [(&'a str, &'a str)], &'a [u32]);
// ---- A tournament built from signed events ------------------------------------------------

struct Sc {
    name: String,
    f: Forge,
    chief: DeviceKey,
    /// Who sits where: (section, round, table) → (N-S, E-W, boards).
    seats: BTreeMap<(String, u32, u32), Seat3>,
}

impl Sc {
    fn new(name: &str) -> Sc {
        let chief = key(1);
        let mut f = Forge::new();
        f.next(&chief, genesis());
        Sc {
            name: name.to_string(),
            f,
            chief,
            seats: BTreeMap::new(),
        }
    }

    fn p(&mut self, p: Payload) {
        self.f.next(&self.chief, p);
    }

    fn section(&mut self, section: &str, form: Form) {
        self.p(Payload::Section(Section {
            section: section.into(),
            form,
            title: format!("Section {section}"),
        }));
    }

    fn contestant(&mut self, section: &str, id: &str, phantom: bool) {
        self.p(Payload::Contestant(Box::new(Contestant {
            section: section.into(),
            id: id.into(),
            name: format!("Contestant {id}"),
            members: vec![],
            captain: None,
            phantom,
        })));
    }

    fn absent(&mut self, section: &str, id: &str) {
        self.p(Payload::Attendance(Attendance {
            section: section.into(),
            contestant: id.into(),
            presence: Presence::Absent,
            reason: "did not come".into(),
        }));
    }

    fn table(&mut self, section: &str, round: u32, table: u32, ns: &str, ew: &str, boards: &[u32]) {
        self.seats.insert(
            (section.into(), round, table),
            (ns.to_string(), ew.to_string(), boards.to_vec()),
        );
        self.p(Payload::TableAssignment(TableAssignment {
            section: section.into(),
            round,
            table,
            ns: ns.into(),
            ew: ew.into(),
            boards: boards.to_vec(),
        }));
    }

    /// A Mitchell: N-S pairs 1..=tables stay, E-W pairs move up a table each round; round r
    /// plays boards (r−1)·per+1 ..= r·per at every table. Returns the boards of each round.
    fn mitchell(&mut self, section: &str, tables: u32, rounds: u32, per: u32) -> Vec<Vec<u32>> {
        let mut out = vec![];
        for r in 1..=rounds {
            let boards: Vec<u32> = ((r - 1) * per + 1..=r * per).collect();
            for t in 1..=tables {
                let ew = tables + 1 + (t - 1 + r - 1) % tables;
                self.table(section, r, t, &t.to_string(), &ew.to_string(), &boards);
            }
            out.push(boards);
        }
        out
    }

    /// Teams: in each round, matches of two tables (the home team N-S at the first).
    fn teams(&mut self, section: &str, rounds: &[TeamsRound]) {
        for (r, (matches, boards)) in rounds.iter().enumerate() {
            for (m, (home, away)) in matches.iter().enumerate() {
                let t = 2 * m as u32 + 1;
                self.table(section, r as u32 + 1, t, home, away, boards);
                self.table(section, r as u32 + 1, t + 1, away, home, boards);
            }
        }
    }

    fn facts(&mut self, section: &str, board: u32, vulnerable: &str) {
        self.p(Payload::BoardFacts(BoardFacts {
            section: section.into(),
            board,
            dealer: None,
            vulnerable: Some(vulnerable.into()),
            deal: None,
        }));
    }

    fn policy(&mut self, v: Value) {
        let p: PolicySet = serde_json::from_value(v).expect("a policy");
        self.p(Payload::PolicySet(Box::new(p)));
    }

    fn fouled(&mut self, section: &str, board: u32, groups: Vec<Vec<(u32, u32)>>) {
        self.p(Payload::BoardFouled(BoardFouled {
            section: section.into(),
            board,
            groups,
            reason: "boards mixed up".into(),
        }));
    }

    /// A line at the seats of the movement.
    fn line(&mut self, section: &str, round: u32, table: u32, board: u32, spec: &str) {
        let (ns, ew, _) = self.seats[&(section.to_string(), round, table)].clone();
        self.line_as(section, round, table, board, &ns, &ew, spec);
    }

    /// A line, with what happened at the table (`spec`, see [`parse`]).
    #[allow(clippy::too_many_arguments)]
    fn line_as(
        &mut self,
        section: &str,
        round: u32,
        table: u32,
        board: u32,
        ns: &str,
        ew: &str,
        spec: &str,
    ) {
        let slot = Slot {
            section: section.into(),
            round,
            table,
            board,
        };
        let (table_part, ruling) = parse(spec);
        match table_part {
            Some(Some(result)) => self.p(Payload::ResultRecorded(Box::new(ResultRecorded {
                slot: slot.clone(),
                ns: ns.into(),
                ew: ew.into(),
                result,
            }))),
            Some(None) => self.p(Payload::ResultNotPlayed(Box::new(ResultNotPlayed {
                slot: slot.clone(),
                ns: ns.into(),
                ew: ew.into(),
                reason: "slow play".into(),
            }))),
            None => {}
        }
        if let Some(adjustment) = ruling {
            self.p(Payload::ScoreAdjusted(Box::new(ScoreAdjusted {
                slot,
                ns: ns.into(),
                ew: ew.into(),
                law: "12C".into(),
                adjustment,
                reason: "director's ruling".into(),
            })));
        }
    }

    fn fold(&self) -> Tournament {
        let inputs = self
            .f
            .events
            .iter()
            .map(|raw| Input {
                raw: raw.clone(),
                declared: None,
            })
            .collect();
        let v = verify(inputs, None).expect("the log verifies");
        let mut t = Tournament::default();
        replay(&v, &mut t);
        assert!(
            t.warnings
                .iter()
                .all(|w| !w.message.contains("cannot score")),
            "{}: {:?}",
            self.name,
            t.warnings
        );
        t
    }
}

/// `4S N 10`, `Pass` (or any pass-out spelling).
fn table_result(s: &str) -> TableResult {
    let parts: Vec<&str> = s.split(' ').collect();
    if parts.len() == 1 || matches!(parts[0], "passed") {
        return TableResult {
            contract: s.into(),
            declarer: None,
            tricks: None,
        };
    }
    TableResult {
        contract: parts[0].into(),
        declarer: Some(parts[1].parse::<Seat>().unwrap()),
        tricks: Some(parts[2].parse().unwrap()),
    }
}

fn artificial(s: &str) -> Artificial {
    match s {
        "A+" => Artificial::AveragePlus,
        "A" => Artificial::Average,
        "A-" => Artificial::AverageMinus,
        _ => panic!("artificial {s}"),
    }
}

/// `2*4S N 10 + 1*4S N 9`.
fn weights(s: &str) -> Vec<Weighted> {
    s.split(" + ")
        .map(|w| {
            let (k, r) = w.trim().split_once('*').unwrap();
            Weighted {
                weight: k.parse().unwrap(),
                result: table_result(r),
            }
        })
        .collect()
}

/// A line's spec, parts separated by `;`: a table result (`4SX N 8`, `Pass`), `np` (not
/// played), `A+/A-` (artificial), `@3NT S 9` (assigned), `w 1*4S N 10 + 2*4S N 9`
/// (weighted), `w NS-WEIGHTS | EW-WEIGHTS` (split). Returns (table part: Some(None) for not
/// played, the adjustment).
fn parse(spec: &str) -> (Option<Option<TableResult>>, Option<Adjustment>) {
    let mut table = None;
    let mut adj = None;
    for part in spec.split(';').map(str::trim) {
        if part == "np" {
            table = Some(None);
        } else if let Some((a, b)) = part.split_once('/').filter(|_| part.starts_with('A')) {
            adj = Some(Adjustment::Artificial {
                ns: artificial(a),
                ew: artificial(b),
            });
        } else if let Some(r) = part.strip_prefix('@') {
            adj = Some(Adjustment::Assigned {
                result: table_result(r),
            });
        } else if let Some(w) = part.strip_prefix("w ") {
            adj = Some(match w.split_once(" | ") {
                Some((ns, ew)) => Adjustment::Weighted {
                    ns: weights(ns),
                    ew: Some(weights(ew)),
                },
                None => Adjustment::Weighted {
                    ns: weights(w),
                    ew: None,
                },
            });
        } else {
            table = Some(Some(table_result(part)));
        }
    }
    (table, adj)
}

// ---- Vectors from a folded tournament --------------------------------------------------------

fn num<T: Into<Value>>(x: Option<T>) -> Value {
    x.map_or(Value::Null, Into::into)
}

fn line_json(o: &Outcome) -> Value {
    match o {
        Outcome::Played {
            contract,
            declarer,
            tricks,
            ..
        } => {
            let mut v = json!({"kind": "played", "contract": contract});
            if let Some(d) = declarer {
                v["declarer"] = json!(d);
            }
            if let Some(t) = tricks {
                v["tricks"] = json!(t);
            }
            v
        }
        Outcome::NotPlayed { reason } => json!({"kind": "not_played", "reason": reason}),
        Outcome::Adjusted { .. } => unreachable!("a table result is never an adjustment"),
    }
}

/// The fields of an expected row, in the order of its array (`settled` only when true).
const FIELDS: [&str; 10] = [
    "round", "table", "score_ns", "mp_ns", "mp_ew", "pct_ns", "pct_ew", "imp_ns", "imp_ew",
    "settled",
];

fn row_json(r: &ResultRow, settled: Option<&ResultRow>) -> Value {
    let mut v = vec![
        json!(r.round),
        json!(r.table),
        num(r.score_ns),
        num(r.mp_ns),
        num(r.mp_ew),
        num(r.pct_ns),
        num(r.pct_ew),
        num(r.imp_ns),
        num(r.imp_ew),
    ];
    let s = settled.expect("the session pass keeps every row");
    let same = (r.mp_ns, r.mp_ew, r.pct_ns, r.pct_ew, r.imp_ns, r.imp_ew)
        == (s.mp_ns, s.mp_ew, s.pct_ns, s.pct_ew, s.imp_ns, s.imp_ew);
    if !same {
        v.push(json!(true));
    }
    Value::Array(v)
}

/// The vectors and the policies they name (each policy payload once: a vector's
/// `input.policy` is its index in `policies`, or null).
#[derive(Default)]
struct Vectors {
    policies: Vec<Value>,
    vectors: Vec<Value>,
}

impl Vectors {
    fn policy(&mut self, p: Value) -> usize {
        match self.policies.iter().position(|x| *x == p) {
            Some(i) => i,
            None => {
                self.policies.push(p);
                self.policies.len() - 1
            }
        }
    }
}

/// One vector per board with a result in `sc`'s tournament.
fn vectors_of(sc: &Sc, out: &mut Vectors) {
    let t = sc.fold();
    let settled: BTreeMap<(String, u32, u32, u32), ResultRow> = results(&t)
        .into_iter()
        .map(|r| ((r.section.clone(), r.board, r.round, r.table), r))
        .collect();
    let boards: Vec<(String, u32)> = t.boards_played().map(|(s, b)| (s.to_string(), b)).collect();
    for (section, board) in boards {
        let (policy, set_by) = t.policy(&section);
        let lines: Vec<Value> = t
            .board_slots(&section, board)
            .map(|k| &t.slots[k])
            .map(|s| {
                let ruling = match &s.ruling {
                    Some(Outcome::Adjusted { adjustment, .. }) => json!(adjustment),
                    _ => Value::Null,
                };
                json!({
                    "round": s.slot.round, "table": s.slot.table, "ns": s.ns, "ew": s.ew,
                    "table_result": s.table_result.as_ref().map_or(Value::Null, line_json),
                    "ruling": ruling,
                })
            })
            .collect();
        let mut input = json!({
            "board": board,
            "form": t.sections.get(&section).map_or(json!("pairs"), |s| json!(s.form)),
            "policy": if set_by.is_some() { json!(out.policy(json!(policy))) } else { Value::Null },
            "expected": num(t.expected(&section, board)),
            "fouled": t.fouled.get(&(section.clone(), board)).map_or(Value::Null, |f| json!(f)),
            "lines": lines,
        });
        if let Some(v) = t
            .boards
            .get(&(section.clone(), board))
            .and_then(|b| b.vulnerable.clone())
        {
            input["vulnerable"] = json!(v);
        }
        let expect: Vec<Value> = board_rows(&t, &section, board)
            .iter()
            .map(|r| row_json(r, settled.get(&(section.clone(), board, r.round, r.table))))
            .collect();
        out.vectors.push(json!({
            "name": format!("{}/{section}/{board}", sc.name),
            "input": input,
            "expect": expect,
        }));
    }
}
