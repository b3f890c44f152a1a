// Live countdowns to the Law 79C / 92B deadlines. The deadline itself (`ends_ms`) comes from
// the engine, computed from signed times; the window only subtracts its own clock.

/** Whole seconds from `nowMs` to `endsMs`; negative once the deadline has passed. */
export function secondsLeft(endsMs: number, nowMs: number): number {
  return Math.floor((endsMs - nowMs) / 1000);
}

/** `m:ss`, or `h:mm:ss` from an hour up; "0:00" once passed (the caller says "ended"). */
export function formatLeft(seconds: number): string {
  const s = Math.max(0, seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** How urgent a deadline is, for its colour: ended, under five minutes, or running. */
export function urgency(seconds: number): "ended" | "soon" | "running" {
  if (seconds < 0) return "ended";
  return seconds < 300 ? "soon" : "running";
}
