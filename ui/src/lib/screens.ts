// The screen registry. Adding a screen = one component in src/screens/ and one entry here
// (its label key goes in the three catalogues). Order = navigation order = Alt+1..9.
import type { Component } from "svelte";
import type { MessageKey } from "./i18n/index.svelte";
import Start from "../screens/Start.svelte";
import Tournament from "../screens/Tournament.svelte";
import Scores from "../screens/Scores.svelte";
import Notes from "../screens/Notes.svelte";
import RecordNote from "../screens/RecordNote.svelte";
import Rulings from "../screens/Rulings.svelte";
import Publish from "../screens/Publish.svelte";
import Appeals from "../screens/Appeals.svelte";
import Board from "../screens/Board.svelte";

export interface Screen {
  id: string;
  label: MessageKey;
  component: Component;
  /** Needs an open log; otherwise the screen shows a pointer to Start. */
  needsLog: boolean;
}

export const SCREENS: Screen[] = [
  { id: "start", label: "nav.start", component: Start, needsLog: false },
  { id: "tournament", label: "nav.tournament", component: Tournament, needsLog: true },
  { id: "scores", label: "nav.scores", component: Scores, needsLog: true },
  { id: "notes", label: "nav.notes", component: Notes, needsLog: true },
  { id: "record", label: "nav.record", component: RecordNote, needsLog: true },
  { id: "board", label: "nav.board", component: Board, needsLog: true },
  { id: "rulings", label: "nav.rulings", component: Rulings, needsLog: true },
  { id: "publish", label: "nav.publish", component: Publish, needsLog: true },
  { id: "appeals", label: "nav.appeals", component: Appeals, needsLog: true },
];

/** The screen an Alt+digit chord selects, if any. */
export function screenForKey(e: { altKey: boolean; ctrlKey: boolean; metaKey: boolean; key: string }, screens = SCREENS): string | null {
  if (!e.altKey || e.ctrlKey || e.metaKey) return null;
  const n = Number(e.key);
  if (!Number.isInteger(n) || n < 1 || n > screens.length) return null;
  return screens[n - 1].id;
}
