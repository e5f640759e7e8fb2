import type { NoteDraftInput } from '../../../../common/schemas/clinical-notes';

/**
 * The draft as last typed, kept in this browser until the server has it: a tab closed before the
 * autosave ran finds it again. Removed as soon as a save succeeds.
 */
const keyOf = (appointmentId: string) => `clinica:nota:${appointmentId}`;

export function readLocalCopy(appointmentId: string): NoteDraftInput | null {
  try {
    const raw = window.localStorage.getItem(keyOf(appointmentId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<NoteDraftInput>;
    return {
      reason: String(parsed.reason ?? ''),
      examination: String(parsed.examination ?? ''),
      diagnosis: String(parsed.diagnosis ?? ''),
      diagnosisCode: String(parsed.diagnosisCode ?? ''),
      plan: String(parsed.plan ?? ''),
    };
  } catch {
    return null;
  }
}

export function writeLocalCopy(appointmentId: string, draft: NoteDraftInput) {
  try {
    window.localStorage.setItem(keyOf(appointmentId), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the server copy still comes with the autosave.
  }
}

export function clearLocalCopy(appointmentId: string) {
  try {
    window.localStorage.removeItem(keyOf(appointmentId));
  } catch {
    // Nothing to clear.
  }
}
