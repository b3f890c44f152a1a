// Keyboard entry of a Doppelkopf game as the table's paper list writes it (issue 16): one
// line of short tokens, parsed here into the engine's `ListEntry` (the `doko.result` payload;
// the engine checks it against the rules and scores it, the UI never scores).
//
//   ac 130            normal game: Re = A and C, Re has 130 eyes (Kontra the rest)
//   b/d 130           Pflichtsolo of B, Damensolo (add `l` for a Lustsolo)
//   ar bk a9          announcements: A "Re", B "Kontra", A "keine 90" (r k 9 6 3 0=schwarz)
//   +f -dk +k         Sonderpunkte for Re (+) or Kontra (-): f Fuchs gefangen, dk Doppelkopf,
//                     k Karlchen, fl Fuchs im letzten Stich
//   a/hzc2            Hochzeit of A with C, Klärungsstich 2 (a/hz-3: nobody joined)
//   a/st              stille Hochzeit of A;  a/sm  Schmeißen by A;  neu  dealt again (§2.2.8)
//   t5                Re took 5 tricks (only where schwarz depends on it)
// Solo types: t Trumpf, d Damen, b Buben, f Fleischlos, kr Kreuz, pi Pik, he Herz, ka Karo.
import type { MessageKey } from "./i18n/index.svelte";

export type SeatL = "A" | "B" | "C" | "D" | "E";
export type Level = "Ansage" | "Keine90" | "Keine60" | "Keine30" | "Schwarz";
export type SoloType = "Trumpfsolo" | "Damensolo" | "Bubensolo" | "Fleischloser" | { Farbsolo: "Kreuz" | "Pik" | "Herz" | "Karo" };
export type SpKind = "Doppelkopf" | "FuchsGefangen" | "KarlchenLetzterStich" | "FuchsLetzterStich";
export type Party = "Re" | "Kontra";

export type GameKind =
  | { kind: "Normal" }
  | { kind: "Hochzeit"; hochzeiter: SeatL; partner: SeatL | null; klaerungsstich: number | null }
  | { kind: "StilleHochzeit"; soloist: SeatL }
  | { kind: "Pflichtsolo"; soloist: SeatL; solo: SoloType; vorgefuehrt: boolean }
  | { kind: "Lustsolo"; soloist: SeatL; solo: SoloType };

export interface ListGame {
  entry: "Game";
  dealer: SeatL | null;
  kind: GameKind;
  re: SeatL[];
  re_eyes: number;
  re_tricks: number | null;
  calls: { seat: SeatL; level: Level }[];
  sonderpunkte: { kind: SpKind; party: Party; trick: null }[];
}

/** The engine's `ListEntry` (serde: tagged by `entry`). */
export type ListEntry =
  | ListGame
  | { entry: "Schmeissen"; dealer: SeatL | null; schmeisser: SeatL }
  | { entry: "Redeal"; dealer: SeatL | null };

/** Why a line is not an entry yet: a message key and its parameters. */
export interface EntryProblem {
  key: MessageKey;
  params: Record<string, string | number>;
}

export type Parsed = { ok: true; entry: ListEntry } | { ok: false; problem: EntryProblem };

const SEATS: SeatL[] = ["A", "B", "C", "D", "E"];

const SOLOS: Record<string, SoloType> = {
  t: "Trumpfsolo", d: "Damensolo", b: "Bubensolo", f: "Fleischloser",
  kr: { Farbsolo: "Kreuz" }, pi: { Farbsolo: "Pik" }, he: { Farbsolo: "Herz" }, ka: { Farbsolo: "Karo" },
};

const CALLS: Record<string, Level> = { r: "Ansage", k: "Ansage", "9": "Keine90", "6": "Keine60", "3": "Keine30", "0": "Schwarz" };

const SPECIALS: Record<string, SpKind> = { dk: "Doppelkopf", f: "FuchsGefangen", k: "KarlchenLetzterStich", fl: "FuchsLetzterStich" };

const bad = (key: MessageKey, params: Record<string, string | number> = {}): Parsed => ({ ok: false, problem: { key, params } });

/** Parses one line typed from the paper list; `tableSize` (4 or 5) bounds the seats. */
export function parseEntry(line: string, tableSize = 4): Parsed {
  const seats = SEATS.slice(0, tableSize);
  const seat = (c: string): SeatL | null => {
    const s = c.toUpperCase() as SeatL;
    return seats.includes(s) ? s : null;
  };
  const tokens = line.trim().toLowerCase().split(/[\s,;]+/).filter(Boolean);
  if (!tokens.length) return bad("doko.entry.empty");
  let kind: GameKind | null = null;
  let re: SeatL[] = [];
  let eyes: number | null = null;
  let tricks: number | null = null;
  let lust = false;
  const calls: ListGame["calls"] = [];
  const sonderpunkte: ListGame["sonderpunkte"] = [];
  const setKind = (k: GameKind, tok: string): Parsed | null => {
    if (kind) return bad("doko.entry.twoGames", { token: tok });
    kind = k;
    return null;
  };
  for (const tok of tokens) {
    let m: RegExpMatchArray | null;
    if (tok === "neu") {
      if (tokens.length > 1) return bad("doko.entry.alone", { token: tok });
      return { ok: true, entry: { entry: "Redeal", dealer: null } };
    }
    if (tok === "l" || tok === "lust") {
      lust = true;
    } else if (/^\d{1,3}$/.test(tok)) {
      if (eyes !== null) return bad("doko.entry.twoEyes", { token: tok });
      eyes = Number(tok);
      if (eyes > 240) return bad("doko.entry.eyes", { eyes });
    } else if ((m = /^t(\d{1,2})$/.exec(tok))) {
      tricks = Number(m[1]);
      if (tricks > 12) return bad("doko.entry.tricks", { tricks });
    } else if ((m = /^([a-e])([a-e])$/.exec(tok))) {
      const a = seat(m[1]), b = seat(m[2]);
      if (!a || !b) return bad("doko.entry.seat", { token: tok, last: seats[seats.length - 1] });
      if (a === b) return bad("doko.entry.sameSeat", { token: tok });
      const e = setKind({ kind: "Normal" }, tok);
      if (e) return e;
      re = [a, b];
    } else if ((m = /^([a-e])([rk0369])$/.exec(tok))) {
      const s = seat(m[1]);
      if (!s) return bad("doko.entry.seat", { token: tok, last: seats[seats.length - 1] });
      calls.push({ seat: s, level: CALLS[m[2]] });
    } else if ((m = /^([+-])(dk|fl|f|k)$/.exec(tok))) {
      sonderpunkte.push({ kind: SPECIALS[m[2]], party: m[1] === "+" ? "Re" : "Kontra", trick: null });
    } else if ((m = /^([a-e])\/(.+)$/.exec(tok))) {
      const s = seat(m[1]);
      if (!s) return bad("doko.entry.seat", { token: tok, last: seats[seats.length - 1] });
      const what = m[2];
      let h: RegExpMatchArray | null;
      if (what === "sm") {
        if (tokens.length > 1) return bad("doko.entry.alone", { token: tok });
        return { ok: true, entry: { entry: "Schmeissen", dealer: null, schmeisser: s } };
      } else if (what === "st") {
        const e = setKind({ kind: "StilleHochzeit", soloist: s }, tok);
        if (e) return e;
      } else if ((h = /^hz([a-e-])([1-3])?$/.exec(what))) {
        const partner = h[1] === "-" ? null : seat(h[1]);
        if (h[1] !== "-" && !partner) return bad("doko.entry.seat", { token: tok, last: seats[seats.length - 1] });
        if (partner === s) return bad("doko.entry.sameSeat", { token: tok });
        const e = setKind({ kind: "Hochzeit", hochzeiter: s, partner, klaerungsstich: h[2] ? Number(h[2]) : 3 }, tok);
        if (e) return e;
      } else if (what in SOLOS) {
        const e = setKind({ kind: "Pflichtsolo", soloist: s, solo: SOLOS[what], vorgefuehrt: false }, tok);
        if (e) return e;
      } else {
        return bad("doko.entry.solo", { token: tok });
      }
    } else {
      return bad("doko.entry.token", { token: tok });
    }
  }
  const k = kind as GameKind | null;
  if (!k) return bad("doko.entry.noGame");
  if (eyes === null) return bad("doko.entry.noEyes");
  let final: GameKind = k;
  if (lust) {
    if (k.kind !== "Pflichtsolo") return bad("doko.entry.lust");
    final = { kind: "Lustsolo", soloist: k.soloist, solo: k.solo };
  }
  return {
    ok: true,
    entry: { entry: "Game", dealer: null, kind: final, re, re_eyes: eyes, re_tricks: tricks, calls, sonderpunkte },
  };
}

/** The soloist (or Hochzeiter) of a game, if any. */
export function soloist(k: GameKind): SeatL | null {
  switch (k.kind) {
    case "Normal": return null;
    case "Hochzeit": return k.hochzeiter;
    default: return k.soloist;
  }
}

/** The solo type's name key (`doko.solo.Damensolo`, `doko.solo.Herz`). */
export function soloKey(s: SoloType): MessageKey {
  return `doko.solo.${typeof s === "string" ? s : s.Farbsolo}` as MessageKey;
}

type Tr = (key: MessageKey, params?: Record<string, string | number>) => string;

/** A short description of a parsed entry for the confirmation line, in the screen's
 * language (`tr`: its `t`). `names`: the players by seat letter. */
export function describe(e: ListEntry, tr: Tr, names: Record<string, string> = {}): string[] {
  const who = (s: SeatL) => (names[s] ? `${s} ${names[s]}` : s);
  if (e.entry === "Redeal") return [tr("doko.say.redeal")];
  if (e.entry === "Schmeissen") return [tr("doko.say.schmeissen", { who: who(e.schmeisser) })];
  const out: string[] = [];
  const k = e.kind;
  switch (k.kind) {
    case "Normal":
      out.push(tr("doko.say.normal", { re: e.re.map(who).join(" + ") }));
      break;
    case "Hochzeit":
      out.push(k.partner
        ? tr("doko.say.hochzeit", { who: who(k.hochzeiter), partner: who(k.partner), trick: k.klaerungsstich ?? 3 })
        : tr("doko.say.hochzeitAlone", { who: who(k.hochzeiter) }));
      break;
    case "StilleHochzeit":
      out.push(tr("doko.say.stille", { who: who(k.soloist) }));
      break;
    case "Pflichtsolo":
    case "Lustsolo":
      out.push(tr(k.kind === "Lustsolo" ? "doko.say.lustsolo" : "doko.say.pflichtsolo", { who: who(k.soloist), solo: tr(soloKey(k.solo)) }));
      break;
  }
  out.push(tr("doko.say.eyes", { re: e.re_eyes, kontra: 240 - e.re_eyes }));
  for (const c of e.calls) out.push(tr(`doko.call.${c.level}` as MessageKey, { who: who(c.seat) }));
  for (const s of e.sonderpunkte) out.push(tr(`doko.sp.${s.kind}` as MessageKey, { party: s.party }));
  return out;
}

/** The cell of the evening's grid as a short status (games of the round, flags). */
export interface CellLike {
  games: number;
  games_in_round: number;
  penalties: number;
  corrections: number;
  open_objections: number;
  refused: number;
  closed: boolean;
  error: string | null;
}

/** What needs the TD at a table: an open objection first, then refused entries. */
export function attention(c: CellLike): "objection" | "refused" | "error" | null {
  if (c.error) return "error";
  if (c.open_objections > 0) return "objection";
  if (c.refused > 0) return "refused";
  return null;
}

/** The players of the field as typed in the draw form: one per line or comma separated,
 * trimmed, blanks dropped; duplicates reported (the engine refuses them too). */
export function fieldOf(text: string): { players: string[]; duplicates: string[] } {
  const players = text.split(/[\n,;]+/).map((p) => p.trim()).filter(Boolean);
  const seen = new Set<string>();
  const duplicates: string[] = [];
  for (const p of players) {
    if (seen.has(p) && !duplicates.includes(p)) duplicates.push(p);
    seen.add(p);
  }
  return { players, duplicates };
}

/** The screen a log opens on: the Doppelkopf evening for a Doppelkopf log, else the dashboard. */
export function homeScreen(game: string | undefined): string {
  return game === "doppelkopf" ? "doko" : "dashboard";
}
