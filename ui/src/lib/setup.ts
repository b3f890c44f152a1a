// The set-up form as data: the contestants a TD types (one row per number, players separated
// by commas, a team's captain picked from its players or typed), and the request the engine
// previews and signs. Pure: the screen binds to these and calls the engine.
import type { EntrantInput, MovementOption, MovementSpec, SetupRequest } from "./types";

export interface EntrantRow { n: number; name: string; members: string; captain: string }

/** Rows 1..n, keeping what was typed for numbers that stay. */
export function resizeRows(rows: EntrantRow[], n: number): EntrantRow[] {
  const out: EntrantRow[] = [];
  for (let i = 1; i <= Math.max(0, Math.min(n, 200)); i += 1) {
    out.push(rows.find((r) => r.n === i) ?? { n: i, name: "", members: "", captain: "" });
  }
  return out;
}

/** Players as typed ("Anna Berg, Ben Cole"): trimmed, empty ones dropped. */
export function players(s: string): string[] {
  return s.split(/[,;]/).map((x) => x.trim()).filter(Boolean);
}

/** The rows as the engine takes them: only rows with something typed. */
export function entrants(rows: EntrantRow[], teams: boolean): EntrantInput[] {
  return rows
    .filter((r) => r.name.trim() || r.members.trim() || r.captain.trim())
    .map((r) => ({
      n: r.n,
      name: r.name.trim(),
      members: players(r.members),
      captain: teams && r.captain.trim() ? r.captain.trim() : null,
    }));
}

/** A movement option as a line of the chooser. */
export function optionKey(o: MovementOption): string {
  return JSON.stringify([o.kind, o.boards_per_round, o.rounds]);
}

/** The spec of `o` with the TD's changes: fewer rounds, other boards per round. */
export function specOf(o: MovementOption, rounds: string, boardsPerRound: string): MovementSpec {
  const r = Number(rounds), b = Number(boardsPerRound);
  return {
    ...o.spec,
    boards_per_round: Number.isInteger(b) && b > 0 ? b : o.spec.boards_per_round,
    rounds: Number.isInteger(r) && r > 0 && r !== o.rounds ? r : o.spec.rounds ?? null,
  };
}

export function request(section: string, title: string, spec: MovementSpec, rows: EntrantRow[], teams: boolean): SetupRequest {
  return { section: section.trim(), title: title.trim(), spec, entrants: entrants(rows, teams) };
}
