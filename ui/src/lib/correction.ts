// Score corrections (Law 79C) and the organiser's appeal settings (config.appeals): from the
// forms' fields to what the engine takes. The engine's guards decide on save whether the
// correction period is still open or the organiser's consent (Law 79C2) fits.
import { toAssigned } from "./adjust";
import type { AppealSettings } from "./types";

export interface CorrectionFields {
  round: string; table: string; board: string;
  contract: string; declarer: string; tricks: string;
  reason: string; consent: string;
}

export interface Correction {
  slot: { section: string; round: number; table: number; board: number };
  contract: string; declarer: string | null; tricks: number | null; reason: string; lateConsent: string | null;
}

const num = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s) : null);

/** The correction, or the field that is wrong (as an error key). */
export function toCorrection(f: CorrectionFields): { ok: Correction } | { error: "slot" | "contract" | "declarer" | "tricks" | "reason" } {
  const round = num(f.round), table = num(f.table), board = num(f.board);
  if (round === null || table === null || board === null) return { error: "slot" };
  const r = toAssigned(f);
  if ("error" in r) return r;
  if (!f.reason.trim()) return { error: "reason" };
  const a = r.ok;
  return {
    ok: {
      slot: { section: "A", round, table, board },
      contract: a.contract, declarer: a.declarer ?? null, tricks: a.tricks ?? null,
      reason: f.reason.trim(), lateConsent: f.consent.trim() || null,
    },
  };
}

export interface SettingsFields {
  correction: string; appeal: string; reason: string; committee: boolean; quorum: string;
  further: boolean; deposit: string;
}

export function settingsFields(s: AppealSettings): SettingsFields {
  return {
    correction: String(s.correction_minutes), appeal: String(s.appeal_minutes), reason: s.reason ?? "",
    committee: s.committee, quorum: String(s.quorum), further: s.further_appeal, deposit: s.deposit ?? "",
  };
}

/** The settings to sign: the ones in force with the form's fields over them (the profile and
 * any pipeline of the organiser's own are kept). A period under 30 minutes needs a reason
 * (Law 79C1 footnote), a quorum below three too (Law 93). */
export function toSettings(current: AppealSettings, f: SettingsFields): { ok: AppealSettings } | { error: "minutes" | "reason" | "quorum" | "quorumReason" } {
  const correction = num(f.correction), appeal = num(f.appeal), quorum = num(f.quorum);
  if (!correction || !appeal) return { error: "minutes" };
  if (!quorum) return { error: "quorum" };
  if ((correction < 30 || appeal < 30) && !f.reason.trim()) return { error: "reason" };
  // Law 93 and the regulations: a committee of three, unless the organiser says why not.
  if (quorum < 3 && !f.reason.trim()) return { error: "quorumReason" };
  const out: AppealSettings = {
    ...current, correction_minutes: correction, appeal_minutes: appeal, committee: f.committee,
    quorum, further_appeal: f.further,
  };
  if (f.reason.trim()) out.reason = f.reason.trim(); else delete out.reason;
  if (f.deposit.trim()) out.deposit = f.deposit.trim(); else delete out.deposit;
  return { ok: out };
}
