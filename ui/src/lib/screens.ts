// The screen registry, grouped the way a TD's day runs (see docs/user-guide.md, "The
// screens"): the tournament at a glance, the tables, incidents and rulings, appeals,
// results, settings. Adding a screen = one component in src/screens/ and one entry here
// (its label key in the three catalogues); a screen with a group of its own (e.g. a
// Doppelkopf screen) becomes one more top-level entry. Order = navigation order; Alt+1..9
// selects a group (its first screen).
import type { Component } from "svelte";
import type { MessageKey } from "./i18n/index.svelte";
import Start from "../screens/Start.svelte";
import Dashboard from "../screens/Dashboard.svelte";
import Tournament from "../screens/Tournament.svelte";
import Setup from "../screens/Setup.svelte";
import Scores from "../screens/Scores.svelte";
import Travellers from "../screens/Travellers.svelte";
import Notes from "../screens/Notes.svelte";
import RecordNote from "../screens/RecordNote.svelte";
import Rulings from "../screens/Rulings.svelte";
import Publish from "../screens/Publish.svelte";
import Appeals from "../screens/Appeals.svelte";
import Board from "../screens/Board.svelte";
import DokoEvening from "../screens/DokoEvening.svelte";
import DokoStandings from "../screens/DokoStandings.svelte";
import DokoDraw from "../screens/DokoDraw.svelte";

export interface Screen {
  id: string;
  /** The top-level entry it belongs to; its label key is `nav.group.<group>`. */
  group: string;
  label: MessageKey;
  component: Component;
  /** Needs an open log; otherwise the screen shows a pointer to Settings. */
  needsLog: boolean;
  /** The game whose logs show this screen (absent: every log). A Doppelkopf log shows no
   * bridge screen and a bridge log no Doppelkopf screen (the engine refuses the other
   * game's events anyway). */
  game?: "bridge" | "doppelkopf";
}

export const SCREENS: Screen[] = [
  { id: "dashboard", group: "tournament", label: "nav.dashboard", component: Dashboard, needsLog: true, game: "bridge" },
  { id: "setup", group: "tournament", label: "nav.setup", component: Setup, needsLog: true, game: "bridge" },
  { id: "tournament", group: "tournament", label: "nav.tournament", component: Tournament, needsLog: true },
  { id: "board", group: "tables", label: "nav.board", component: Board, needsLog: true, game: "bridge" },
  { id: "rulings", group: "incidents", label: "nav.rulings", component: Rulings, needsLog: true, game: "bridge" },
  { id: "notes", group: "incidents", label: "nav.notes", component: Notes, needsLog: true },
  { id: "record", group: "incidents", label: "nav.record", component: RecordNote, needsLog: true },
  { id: "appeals", group: "appeals", label: "nav.appeals", component: Appeals, needsLog: true, game: "bridge" },
  { id: "travellers", group: "results", label: "nav.travellers", component: Travellers, needsLog: true, game: "bridge" },
  { id: "scores", group: "results", label: "nav.scores", component: Scores, needsLog: true, game: "bridge" },
  { id: "publish", group: "results", label: "nav.publish", component: Publish, needsLog: true, game: "bridge" },
  { id: "start", group: "settings", label: "nav.start", component: Start, needsLog: false },
  // Doppelkopf (issue 16): the club evening; the home screen of a Doppelkopf log.
  { id: "doko", group: "doppelkopf", label: "doko.nav.evening", component: DokoEvening, needsLog: true, game: "doppelkopf" },
  { id: "doko-standings", group: "doppelkopf", label: "doko.nav.standings", component: DokoStandings, needsLog: true, game: "doppelkopf" },
  { id: "doko-draw", group: "doppelkopf", label: "doko.nav.draw", component: DokoDraw, needsLog: true, game: "doppelkopf" },
];

/** The screens an open log of `game` shows (no log: every screen), its own game's group
 * first: a Doppelkopf log opens on the evening, and Alt+1 goes there. */
export function screensFor(game: string | undefined, screens = SCREENS): Screen[] {
  if (game !== "bridge" && game !== "doppelkopf") return screens;
  const shown = screens.filter((s) => !s.game || s.game === game);
  if (game === "bridge") return shown;
  const home = shown.filter((s) => s.group === "doppelkopf");
  return [...home, ...shown.filter((s) => s.group !== "doppelkopf")];
}

export interface Group {
  id: string;
  label: MessageKey;
  screens: Screen[];
}

/** The top-level entries, in order, each with its screens. */
export function groups(screens = SCREENS): Group[] {
  const out: Group[] = [];
  for (const s of screens) {
    let g = out.find((x) => x.id === s.group);
    if (!g) {
      g = { id: s.group, label: `nav.group.${s.group}` as MessageKey, screens: [] };
      out.push(g);
    }
    g.screens.push(s);
  }
  return out;
}

/** The screen an Alt+digit chord selects (the first screen of that group), if any. */
export function screenForKey(e: { altKey: boolean; ctrlKey: boolean; metaKey: boolean; key: string }, screens = SCREENS): string | null {
  if (!e.altKey || e.ctrlKey || e.metaKey) return null;
  const n = Number(e.key);
  const gs = groups(screens);
  if (!Number.isInteger(n) || n < 1 || n > gs.length) return null;
  return gs[n - 1].screens[0].id;
}
