// Errors from Rust arrive as { code, message, params }: the code picks a translated sentence
// filled in with the params (the names, the call, who may consent); the engine's own message
// (English, naming the law or rule) is kept as the technical detail, folded away.
import { has, t, type MessageKey } from "./i18n/index.svelte";
import type { AppError } from "./types";

export interface ShownError {
  title: string;
  detail: string;
}

export function isAppError(e: unknown): e is AppError {
  return typeof e === "object" && e !== null && "code" in e && "message" in e;
}

/** The parameters as the sentence shows them: an empty list reads "nobody"/"not recorded". */
function shownParams(p: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = { ...(p ?? {}) };
  if ("signed" in out && !out.signed) out.signed = t("common.nobody");
  if ("may_consent" in out && !out.may_consent) out.may_consent = t("consent.unrecorded");
  // The games of a wrong-game refusal, by name in the UI's language.
  for (const g of ["log_game", "event_game"]) {
    const key = `game.${out[g]}`;
    if (g in out && has(key)) out[g] = t(key as MessageKey);
  }
  return out;
}

/** The sentence for an engine refusal or error code, in the UI's language. */
export function errorText(e: AppError): string {
  // A refusal with a rule (Law 92D: a captain not yet recorded) has its own sentence.
  const ruled = e.params?.rule ? `error.${e.code}_${e.params.rule}` : "";
  const key = ruled && has(ruled) ? ruled : `error.${e.code}`;
  return t(has(key) ? (key as MessageKey) : "error.unknown", shownParams(e.params));
}

export function describeError(e: unknown): ShownError {
  if (isAppError(e)) return { title: errorText(e), detail: e.message };
  return { title: t("error.unknown"), detail: e instanceof Error ? e.message : String(e) };
}
