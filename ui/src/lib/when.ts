// Signed times as the TD reads them: in the event's time zone (the signed `config.event`
// setting, which the summary carries), with the zone named; never the machine's own zone, so
// every screen shows the same time for the same log. Without a setting: UTC. The engine's
// view models keep the UTC time (RFC 3339); only its display is local.
import type { Lang } from "./i18n/index.svelte";

const formats = new Map<string, Intl.DateTimeFormat>();

function format(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit",
      hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23", timeZoneName: "short",
    });
    formats.set(zone, f);
  }
  return f;
}

/** `time` (RFC 3339 or ms since the epoch) in `zone` as `lang` writes it, with the zone named:
 * "2026-11-26 14:05:09 CET" (en), "26.11.2026 14:05:09 CET" (de), "26.11.2026 14.05.09 CET" (da).
 * A zone without a letter abbreviation is named by its offset and name ("GMT+3 (Europe/Istanbul)").
 * A time that does not parse is shown as it is. */
export function localTime(time: string | number, zone: string | null | undefined, lang: Lang): string {
  const ms = typeof time === "number" ? time : Date.parse(time);
  if (!Number.isFinite(ms)) return String(time);
  const z = zone || "UTC";
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = format(z).formatToParts(new Date(ms));
  } catch {
    return String(time);
  }
  const p = (t: Intl.DateTimeFormatPartTypes) => parts.find((x) => x.type === t)?.value ?? "";
  const name = p("timeZoneName");
  const label = /^GMT[+-]/.test(name) ? `${name} (${z})` : name;
  const date = lang === "en" ? `${p("year")}-${p("month")}-${p("day")}` : `${p("day")}.${p("month")}.${p("year")}`;
  const sep = lang === "da" ? "." : ":";
  return `${date} ${p("hour")}${sep}${p("minute")}${sep}${p("second")} ${label}`;
}
