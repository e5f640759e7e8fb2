import type { Availability } from '../../../../common/schemas/appointments';

/** Clinic-zone days «AAAA-MM-DD», both included. */
export interface SlotRange {
  from: string;
  to: string;
}

/**
 * Where the slot picker reads free times when they are not the doctor's: moving an appointment asks those of
 * its own length. `key` goes under the availability key, so any booking or change refreshes them.
 */
export interface SlotSource {
  key: readonly string[];
  fetch: (range: SlotRange, signal?: AbortSignal) => Promise<Availability>;
}
