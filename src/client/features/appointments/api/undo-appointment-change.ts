import { api } from '../../../../common/api-paths';
import type { Appointment } from '../../../../common/schemas/appointments';
import { apiFetch } from '../../../lib/api-client';

/**
 * Undoes the requester's own last change of an appointment (move, cancellation, status) within the undo
 * window. 409 `UNDO_EXPIRED` / `NOTHING_TO_UNDO` / `SLOT_TAKEN` with a Spanish message otherwise.
 * A plain call (no hook): the toast that offers it outlives the screen that made the change.
 */
export const undoAppointmentChange = (id: string) => apiFetch<Appointment>(api.appointmentUndo(id), { method: 'POST' });
