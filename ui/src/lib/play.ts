// The choices the play waits for (Laws 50D2, 53-56, 57A), as the engine lists them: each
// needs a suit or not; a choice can be signed once its suit (if any) is given.
import { t, type MessageKey } from "./i18n/index.svelte";
import type { PlayChoice } from "./types";

export const SUITS = ["S", "H", "D", "C"] as const;

/** The choice's label in the chosen language, with its law. */
export function choiceLabel(c: PlayChoice): string {
  return t(`play.choice.${c.id}` as MessageKey, { law: c.law });
}

/** A choice is ready to sign when it needs no suit or one of the four suits is chosen. */
export function choiceReady(c: PlayChoice, suit: string): boolean {
  return !c.needs_suit || (SUITS as readonly string[]).includes(suit);
}

/** The suit sent with the choice: only when the choice names one. */
export function choiceSuit(c: PlayChoice, suit: string): string | null {
  return c.needs_suit ? suit : null;
}
