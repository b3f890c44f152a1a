//! The scoring policy: every knob an organiser sets in the conditions of contest (Law 78D,
//! Law 80B; national-editions-glossary-settings.md §5.2), with the default a TD expects.
//!
//! These types are the payload of a signed configuration event, so they are serde- and
//! JSON-Schema-typed, reject unknown fields, and every field has a default: `{}` is the default
//! policy. Sources (S41, ...) are the numbered sources of bridge-software-landscape.md.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// How a value is rounded to a number of decimals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum RoundingMode {
    /// Nearest, a half away from zero (hand arithmetic; EBU's 19.9 example, S41).
    #[default]
    HalfAwayFromZero,
    /// Toward −∞ (NZ Scorer rounds Neuberg results down to 0.1, data set 4).
    Down,
    /// Nearest, a half to the even neighbour (12.65 → 12.6, 68.425 → 68.42): Compscore3.
    HalfEven,
}

/// Rounding of a published value: `decimals: None` keeps full precision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(deny_unknown_fields, default)]
pub struct Rounding {
    pub decimals: Option<u8>,
    pub mode: RoundingMode,
}

impl Rounding {
    pub const NONE: Rounding = Rounding {
        decimals: None,
        mode: RoundingMode::HalfAwayFromZero,
    };

    pub const fn to(decimals: u8) -> Rounding {
        Rounding {
            decimals: Some(decimals),
            mode: RoundingMode::HalfAwayFromZero,
        }
    }

    /// Apply the rounding (no-op for `decimals: None`). A negative zero becomes +0, so that
    /// reports never print "-0".
    pub fn apply(self, x: f64) -> f64 {
        let y = match (self.decimals, self.mode) {
            (None, _) => x,
            (Some(d), RoundingMode::HalfAwayFromZero) => super::round_half_away(x, d),
            (Some(d), RoundingMode::Down) => super::round_down(x, d),
            (Some(d), RoundingMode::HalfEven) => super::round_half_even(x, d),
        };
        y + 0.0
    }
}

/// What happens to the matchpoints of a board with fewer comparable results than expected
/// (results missing, artificial scores, a fouled-board group).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum MatchpointFactoring {
    /// Neuberg: MP′ = (MP + 1)·N/n − 1 on the 2-per-beat scale, N expected and n comparable
    /// results. Adopted by the WBF and ACBL in 1991; EBU, Magic Contest (S13, S41, S22).
    #[default]
    Neuberg,
    /// Pro rata to the full top: MP′ = MP·(N−1)/(n−1). ASE for boards with results simply
    /// missing (S22).
    ProRata,
    /// No factoring: the board's top is 2(n−1) and percentages are taken on that top
    /// (JFR, data set 2).
    None,
}

/// Matchpoint policy (Law 78A, with the factoring the Laws leave to regulation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct MatchpointPolicy {
    /// Factoring for fewer comparable results than expected. Default Neuberg (S41).
    pub factoring: MatchpointFactoring,
    /// Rounding of matchpoints (2-per-beat scale): factored, weighted and artificial ones;
    /// plain matchpoints are integers and unaffected. Default: 1 decimal, as the EBU
    /// publishes Neuberg results (19.9 of 20) (S41).
    pub mp_rounding: Rounding,
    /// Rounding of board percentages. Default 2 decimals (what score sheets print).
    pub pct_rounding: Rounding,
    /// How a contestant's total counts the boards played fewer times than the most played
    /// one. Left out of the signed payload at its default, so policies signed before it keep
    /// their bytes.
    #[serde(default, skip_serializing_if = "MatchpointTotals::is_as_played")]
    pub totals: MatchpointTotals,
}

/// How a matchpoint total counts a board with a smaller top than the section's full top
/// (a board played fewer times where the movement expects no more: a rebuilt movement).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum MatchpointTotals {
    /// Each board with its matchpoints and top as scored; the percentage is the matchpoints
    /// over the tops.
    #[default]
    AsPlayed,
    /// Compscore3: in the totals only, a board with a smaller top is factored (by the
    /// policy's factoring) to the section's full top, and counted in the matchpoint total at
    /// its board percentage (rounded as `pct_rounding`) of that top; the percentage is the
    /// factored matchpoints over the full tops of the boards played, and a contestant that
    /// played fewer boards than the most of its ranking field has its total scaled to them.
    /// Board lines stay as scored.
    FullTop,
}

impl MatchpointTotals {
    fn is_as_played(&self) -> bool {
        *self == MatchpointTotals::AsPlayed
    }
}

impl Default for MatchpointPolicy {
    fn default() -> Self {
        MatchpointPolicy {
            factoring: MatchpointFactoring::Neuberg,
            mp_rounding: Rounding::to(1),
            pct_rounding: Rounding::to(2),
            totals: MatchpointTotals::AsPlayed,
        }
    }
}

/// Law 12C1(c) does not say how a weighted score becomes IMPs (bridge-laws.md §6.2, W24).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum WeightedImpMethod {
    /// IMP each outcome, then weight the IMPs (W24 method 1: −4.8 IMPs). Default: the weights
    /// are probabilities of outcomes, which is what Law 12C1(c) weights; it is also
    /// `bridge::adjust::weighted_imps_per_component`. No surveyed program documents its
    /// method (S39).
    #[default]
    ImpEachOutcome,
    /// Weight the points, then IMP the weighted mean (W24 method 2: −7 IMPs).
    WeightPoints,
}

/// The divisor applied to the summed cross-IMPs of a result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum CrossImpDivisor {
    /// n−1, the number of comparisons: BBO, ACBLscore "Average IMPs", bridge-scorer
    /// (S1, S32, S34).
    #[default]
    Comparisons,
    /// n, the number of results (a BBO-forum argument (S34)).
    Results,
    /// No divisor: total cross-IMPs (EBU forum: "1" is also in use (S49)).
    None,
}

/// Factoring of cross-IMPs when a board has fewer comparable results than expected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum CrossImpFactoring {
    /// Multiply the raw sum by N/n, then divide by the divisor for N results (S49).
    #[default]
    Proportional,
    /// Multiply by (N−1)/(n−1) (the ratio of comparisons), then divide for N results. With
    /// the n−1 divisor this is the plain average over the comparisons made.
    Comparisons,
    /// No factoring: the divisor is taken for the n results present.
    None,
}

/// Cross-IMP policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct CrossImpPolicy {
    pub divisor: CrossImpDivisor,
    pub factoring: CrossImpFactoring,
    /// Rounding of the per-board result. Default 2 decimals.
    pub rounding: Rounding,
    /// An artificial score's IMPs are per comparison, brought to the line's scale: times
    /// (N−1) over the divisor for N results (with no divisor, Ruter's raw sums: Avg+ of 1.5
    /// IMPs is 58.5 on a board of 40 results). Default off: the IMPs are the line's.
    #[serde(default, skip_serializing_if = "is_false")]
    pub artificial_per_comparison: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Default for CrossImpPolicy {
    fn default() -> Self {
        CrossImpPolicy {
            divisor: CrossImpDivisor::Comparisons,
            factoring: CrossImpFactoring::Proportional,
            rounding: Rounding::to(2),
            artificial_per_comparison: false,
        }
    }
}

/// How many scores a Butler datum drops from each end before averaging.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum DatumDrop {
    /// bridge-scorer: when n > 3, drop ⌈(n−10)/15⌉ + 1 from each end (1 up to 10 results,
    /// 2 up to 25, 3 up to 40...) (S32). Default: the one explicit, published count rule.
    #[default]
    FieldSize,
    /// ACBLscore: drop this percentage of the results from each end (5 % in ACBLscore),
    /// rounded down (S1).
    Percent(f64),
    /// A fixed count from each end (never so many that nothing is left). Magic Contest's
    /// `Butler-2` (Ruter's `Scoring "IMP;Butler-2;Mean"`) is `count: 2`.
    Count(u32),
    /// Average all scores.
    None,
    /// The median: the middle score, or the mean of the two middle scores for an even
    /// count (everything but the middle dropped).
    Median,
    /// The mean of the middle scores: keep this percentage of the scores (rounded to the
    /// nearest count, at least one), dropping the same number from each end; an odd
    /// remainder keeps one more score.
    MiddlePercent(f64),
}

/// How the Butler datum mean is rounded to a multiple of 10.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum DatumRounding {
    /// Nearest 10; an exact trailing 5 goes to the even multiple of 10 (125 → 120,
    /// 135 → 140, −125 → −120): ACBLscore (S1).
    #[default]
    HalfEven,
    /// Nearest 10; an exact trailing 5 goes away from zero (125 → 130, −125 → −130).
    HalfAwayFromZero,
    /// Nearest 10; an exact trailing 5 goes up (125 → 130, −125 → −120).
    HalfUp,
    /// Keep the mean unrounded.
    None,
}

/// Butler (datum) policy.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct ButlerPolicy {
    pub drop: DatumDrop,
    pub rounding: DatumRounding,
}

impl Default for ButlerPolicy {
    fn default() -> Self {
        ButlerPolicy {
            drop: DatumDrop::FieldSize,
            rounding: DatumRounding::HalfEven,
        }
    }
}

/// The victory-point scale (Law 78D: other methods, "e.g. conversion to Victory Points").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum VpScale {
    /// WBF 2013 continuous 20-VP scale, 2 decimals, concavity enforced (S42, S31).
    #[default]
    WbfContinuous,
    /// ACBL discrete 20-VP scale (integer VPs; matches of 1-36 boards) (S31).
    AcblDiscrete,
}

/// How a fractional IMP margin (cross-IMPs, weighted scores, ±3 artificial) enters the WBF
/// continuous scale. The WBF tables are given for whole IMPs only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum FractionalMargin {
    /// Interpolate linearly between the (rounded, concavity-corrected) table values at the
    /// two neighbouring whole margins, then round to 2 decimals. Default: agrees with the
    /// published table at every whole margin and stays monotone and concave.
    #[default]
    Interpolate,
    /// Evaluate the continuous formula at every margin, whole or fractional, and round to 2
    /// decimals. No concavity correction, so it is 0.01 below the published table where the
    /// correction applied (16 boards, 14 IMPs: 13.74, not 13.75); mixing it with the table
    /// would not be monotone.
    Formula,
    /// Round the margin to the nearest whole IMP (a half away from zero) and use the table.
    RoundMargin,
}

/// Victory-point policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(deny_unknown_fields, default)]
pub struct VpPolicy {
    pub scale: VpScale,
    pub fractional: FractionalMargin,
}

/// What decides between contestants with equal totals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// Equal totals share the place ("3-4"): the WBF and DBV when the conditions of contest
    /// set no tie-break (Law 78D leaves it to them).
    #[default]
    SharedPlace,
    /// Compare the caller's tie-break keys in order (higher is better); still equal →
    /// shared place. In a log's team VP ranking the one key is the IMP difference.
    Keys,
    /// Team rankings: among the contestants tied on the total, the result of the matches
    /// they played against each other (VPs, or IMPs in an IMP ranking), counted only when
    /// every two of them met; still equal → shared place. Pairs rankings share the place.
    HeadToHead,
    /// Team rankings: IMPs won divided by IMPs lost over all boards; still equal → shared.
    ImpQuotient,
    /// Team rankings: head-to-head, then the IMP quotient; still equal → shared place.
    HeadToHeadThenImpQuotient,
}

impl TieBreak {
    /// The keys this rule compares, in order, as shown on reports.
    pub fn keys(self) -> &'static [TieKey] {
        match self {
            TieBreak::SharedPlace => &[],
            TieBreak::Keys => &[TieKey::ImpDifference],
            TieBreak::HeadToHead => &[TieKey::HeadToHead],
            TieBreak::ImpQuotient => &[TieKey::ImpQuotient],
            TieBreak::HeadToHeadThenImpQuotient => &[TieKey::HeadToHead, TieKey::ImpQuotient],
        }
    }
}

/// One tie-break key of a team ranking (higher is better).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TieKey {
    /// The raw IMP difference behind a VP total.
    ImpDifference,
    /// The total scored in the matches among the tied contestants.
    HeadToHead,
    /// IMPs won / IMPs lost.
    ImpQuotient,
}

impl TieKey {
    pub fn name(self) -> &'static str {
        match self {
            TieKey::ImpDifference => "IMP difference",
            TieKey::HeadToHead => "head-to-head",
            TieKey::ImpQuotient => "IMP quotient",
        }
    }
}

/// How a shared place is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum PlaceStyle {
    /// "3-4" (WBF, DBV result lists).
    #[default]
    Range,
    /// "3=" (EBU, ACBL).
    Equals,
}

/// Ranking policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct RankingPolicy {
    pub tie_break: TieBreak,
    pub place_style: PlaceStyle,
    /// Compare totals at this many decimals (what is published), `None` for exact totals.
    /// Default 2: two pairs printed with the same total share the place.
    pub compare_decimals: Option<u8>,
    /// How a pairs IMP total (cross-IMPs, Butler) is made from the board results. Default:
    /// their sum.
    #[serde(default, skip_serializing_if = "ImpTotal::is_sum")]
    pub imp_total: ImpTotal,
    /// One ranking per section, or one per direction in a Mitchell. Left out of the signed
    /// payload at its default (policies signed before it keep their bytes).
    #[serde(default, skip_serializing_if = "RankingFields::is_one")]
    pub fields: RankingFields,
    /// Rounding of the ranking's totals and percentages as the producer prints them (and the
    /// comparison of `compare_decimals`); unset: 2 decimals, a half away from zero, and a
    /// pairs IMP total unrounded. Left out when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_rounding: Option<Rounding>,
}

/// How a pairs IMP total is made from the contestant's board results (Law 78D leaves it to
/// the conditions of contest).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum ImpTotal {
    /// The sum of the board results.
    #[default]
    Sum,
    /// The sum scaled to the boards of the session: × boards / boards played, for a pair
    /// that sat out (Magic Contest's Butler with byes; Compscore's Howell).
    ScaledToBoards,
    /// Ruter's `Cross2`: each board's raw cross-IMP sum divided by its comparisons
    /// (results − 1), then the mean over the boards played.
    PerComparisonPerBoard,
}

impl ImpTotal {
    fn is_sum(&self) -> bool {
        *self == ImpTotal::Sum
    }
}

/// Which contestants a ranking compares with each other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum RankingFields {
    /// Every contestant of the section in one ranking (one winner).
    #[default]
    One,
    /// Two winners: the pairs that sat N-S throughout are ranked among themselves, those that
    /// sat E-W among themselves (a Mitchell as Compscore3 and most club scorers publish it);
    /// pairs that changed direction (a Howell, an arrow-switch) form one field.
    ByDirection,
}

impl RankingFields {
    fn is_one(&self) -> bool {
        *self == RankingFields::One
    }
}

impl RankingPolicy {
    /// A ranking total as the policy rounds it (default: 2 decimals, a half away from zero).
    pub fn round_total(&self, x: f64) -> f64 {
        match self.total_rounding {
            Some(r) => r.apply(x),
            None => (x * 100.0).round() / 100.0 + 0.0,
        }
    }

    /// A pairs IMP total as the producer prints it: the signed rounding, none by default.
    pub fn round_imp_total(&self, x: f64) -> f64 {
        match self.total_rounding {
            Some(r) => r.apply(x),
            None => x,
        }
    }
}

impl Default for RankingPolicy {
    fn default() -> Self {
        RankingPolicy {
            tie_break: TieBreak::SharedPlace,
            place_style: PlaceStyle::Range,
            compare_decimals: Some(2),
            imp_total: ImpTotal::Sum,
            fields: RankingFields::One,
            total_rounding: None,
        }
    }
}

/// The complete scoring policy of an event.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(deny_unknown_fields, default)]
pub struct ScoringPolicy {
    pub matchpoints: MatchpointPolicy,
    pub cross_imps: CrossImpPolicy,
    pub butler: ButlerPolicy,
    /// Law 12C1(c) weighted scores in IMP scoring.
    pub weighted_imps: WeightedImpMethod,
    pub vp: VpPolicy,
    pub ranking: RankingPolicy,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_object_is_the_default_policy() {
        let p: ScoringPolicy = serde_json::from_str("{}").unwrap();
        assert_eq!(p, ScoringPolicy::default());
        let back: ScoringPolicy =
            serde_json::from_str(&serde_json::to_string(&p).unwrap()).unwrap();
        assert_eq!(back, p);
        assert!(serde_json::from_str::<ScoringPolicy>(r#"{"neuberg": true}"#).is_err());
        let q: ScoringPolicy = serde_json::from_str(
            r#"{"matchpoints": {"factoring": "pro_rata"}, "butler": {"drop": {"count": 1}}}"#,
        )
        .unwrap();
        assert_eq!(q.matchpoints.factoring, MatchpointFactoring::ProRata);
        assert_eq!(q.matchpoints.mp_rounding, Rounding::to(1));
        assert_eq!(q.butler.drop, DatumDrop::Count(1));
        let schema = serde_json::to_value(schemars::schema_for!(ScoringPolicy)).unwrap();
        assert!(schema["properties"]["vp"].is_object());
    }

    #[test]
    fn half_even_rounds_a_half_to_the_even_neighbour() {
        let r = |d| Rounding {
            decimals: Some(d),
            mode: RoundingMode::HalfEven,
        };
        // Compscore3: 12.65 → 12.6, a total of 64.4 · 17/16 = 68.425 → 68.42.
        assert_eq!(r(1).apply(12.65), 12.6);
        assert_eq!(r(1).apply(12.75), 12.8);
        assert_eq!(r(2).apply(64.4 * 17.0 / 16.0), 68.42);
        assert_eq!(r(0).apply(-2.5), -2.0);
        assert_eq!(r(0).apply(-3.5), -4.0);
        assert_eq!(r(2).apply(47.0107), 47.01);
        assert!(r(1).apply(-0.05).is_sign_positive());
    }

    #[test]
    fn new_knobs_at_their_defaults_leave_the_signed_bytes_unchanged() {
        let v = serde_json::to_value(ScoringPolicy::default()).unwrap();
        assert!(v["matchpoints"].get("totals").is_none(), "{v}");
        assert!(v["ranking"].get("fields").is_none(), "{v}");
        assert!(v["ranking"].get("total_rounding").is_none(), "{v}");
        let q: ScoringPolicy = serde_json::from_str(
            r#"{"matchpoints": {"totals": "full_top"}, "ranking": {"fields": "by_direction",
                "total_rounding": {"decimals": 2, "mode": "half_even"}}}"#,
        )
        .unwrap();
        assert_eq!(q.matchpoints.totals, MatchpointTotals::FullTop);
        assert_eq!(q.ranking.fields, RankingFields::ByDirection);
        assert_eq!(q.ranking.round_total(68.425), 68.42);
        assert_eq!(RankingPolicy::default().round_total(68.425), 68.43);
    }

    #[test]
    fn rounding_never_yields_negative_zero() {
        for r in [Rounding::NONE, Rounding::to(2)] {
            assert!(r.apply(-0.0).is_sign_positive());
            assert!(r.apply(-0.001 * 0.0).is_sign_positive());
        }
        assert!(Rounding::to(2).apply(-0.001).is_sign_positive());
        assert_eq!(Rounding::to(1).apply(-0.25), -0.3);
    }
}
