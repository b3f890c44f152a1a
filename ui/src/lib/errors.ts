// Errors from Rust arrive as { code, message }: the code picks a translated sentence, the
// engine's own message (which names the law or rule) is shown beneath it as the detail.
import { has, t, type MessageKey } from "./i18n/index.svelte";
import type { AppError } from "./types";

export interface ShownError {
  title: string;
  detail: string;
}

export function isAppError(e: unknown): e is AppError {
  return typeof e === "object" && e !== null && "code" in e && "message" in e;
}

export function describeError(e: unknown): ShownError {
  if (isAppError(e)) {
    const key = `error.${e.code}`;
    return { title: t(has(key) ? (key as MessageKey) : "error.unknown"), detail: e.message };
  }
  return { title: t("error.unknown"), detail: e instanceof Error ? e.message : String(e) };
}
