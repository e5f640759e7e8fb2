import type { FastifyInstance } from 'fastify';
import { Temporal } from 'temporal-polyfill';
import {
  SLOT_TAKEN_MESSAGE,
  UNDO_MARGIN_SECONDS,
  UNDO_WINDOW_SECONDS,
  type Appointment,
  type AppointmentChannel,
  type AppointmentStatus,
  type OwnAppointment,
  type Slot,
} from '../../../common/schemas/appointments';
import { paths } from '../../../common/paths';
import { AppError, notFound } from '../../errors';
import type { RequestUser } from '../../types';
import {
  bookingCancelledEmail,
  bookingConfirmedEmail,
  bookingReceivedEmail,
  bookingRescheduledEmail,
  reminderEmail,
  type AppointmentMailInput,
} from '../../mail/appointment-emails';
import type { AuditAction } from '../../../common/schemas/audit';
import { audited, type AuditContext } from '../audit/audited';
import type { AuditEntry } from '../audit/repository';
import { dateInZone, freeSlots } from '../availability/slots';
import type { ClinicSettingsRow } from '../clinic/repository';
import { bookingWindow } from '../doctors/next-free-slot';
import type { DoctorRecord } from '../doctors/repository';
import { createManageLinks } from './manage-link';
import { SlotTakenError, type AppointmentView } from './repository';
import { clock } from '../../clock';
import type { Db } from '../../db/client';

type AppointmentEmailKind = 'received' | 'confirmed' | 'rescheduled' | 'cancelled' | 'reminder';

const DAY_MS = 86_400_000;
const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

export function presentAppointment(view: AppointmentView): Appointment {
  return {
    id: view.id,
    patientId: view.patientId,
    patientName: `${view.patientFirstName} ${view.patientLastName}`.trim(),
    patientPhone: view.patientPhone,
    patientEmail: view.patientEmail,
    patientBirthDate: view.patientBirthDate,
    patientDocument: view.patientDocument,
    doctorId: view.doctorId,
    doctorName: view.doctorName,
    doctorColor: view.doctorColor,
    specialty: view.specialty,
    startsAt: view.startsAt.toISOString(),
    endsAt: view.endsAt.toISOString(),
    reason: view.reason,
    channel: view.channel,
    status: view.status,
    cancelReason: view.cancelReason,
    cancelReasonVisible: view.cancelReasonVisible,
    createdAt: view.createdAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
  };
}

/** Who changes an appointment, from where, and what else the audit entry should say (e.g. `via: 'link'`). */
export type AuditNote = AuditContext & { details?: Record<string, unknown> };

const auditEntryOf = (view: AppointmentView, action: AuditAction, who: AuditNote): AuditEntry => ({
  actor: who.actor,
  ip: who.ip,
  action,
  entity: 'appointment',
  entityId: view.id,
  patientId: view.patientId,
  details: who.details,
});

/** Wall-clock weekday and minutes of an instant in a zone. */
function wallClock(instant: Date, timeZone: string) {
  const zoned = Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone);
  return { date: zoned.toPlainDate().toString(), weekday: zoned.dayOfWeek, minute: zoned.hour * 60 + zoned.minute };
}

/** Booking rules shared by the public page, the patient area and the staff screens. */
export function createAppointmentService(app: FastifyInstance) {
  const { repos } = app;
  const links = createManageLinks(repos.clinic);

  async function activeDoctor(id: string): Promise<DoctorRecord> {
    const doctor = await repos.doctors.findById(id);
    if (!doctor || !doctor.active) throw notFound('Profesional no encontrado');
    return doctor;
  }

  /** Free slots of each doctor over wall-clock days [fromDate, toDate], within notice and horizon. */
  async function availability(
    doctorList: DoctorRecord[],
    fromDate: string,
    toDate: string,
    settings: ClinicSettingsRow,
    /** An appointment being moved: its own time does not block it. */
    ignore?: AppointmentView,
  ) {
    const { earliest, latest } = bookingWindow(settings);
    // The range of instants the wall-clock days can cover, with a day of margin for any zone offset.
    const from = new Date(Math.max(earliest.getTime(), Date.parse(`${fromDate}T00:00:00Z`) - DAY_MS));
    const to = new Date(Math.min(latest.getTime(), Date.parse(`${toDate}T00:00:00Z`) + 2 * DAY_MS));
    const busy = (to > from ? await repos.doctors.busyRanges(doctorList.map((doctor) => doctor.id), from, to) : []).filter(
      (range) =>
        !ignore ||
        range.doctorId !== ignore.doctorId ||
        range.startsAt.getTime() !== ignore.startsAt.getTime() ||
        range.endsAt.getTime() !== ignore.endsAt.getTime(),
    );
    return doctorList.map((doctor) => ({
      doctor,
      slots: freeSlots({
        timeZone: settings.timeZone,
        fromDate,
        toDate,
        durationMinutes: doctor.appointmentMinutes,
        schedule: doctor.schedule,
        absences: doctor.absences,
        busy: busy.filter((range) => range.doctorId === doctor.id),
        earliest,
        latest,
      }),
    }));
  }

  const slotOut = (slot: { startsAt: Date; endsAt: Date }): Slot => ({
    startsAt: slot.startsAt.toISOString(),
    endsAt: slot.endsAt.toISOString(),
  });

  /** The 409 of a lost race: the fixed message and fresh slots of the doctor from that day on. */
  async function slotTaken(doctor: DoctorRecord, near: Date): Promise<AppError> {
    const settings = await repos.clinic.getSettings();
    const fromDate = dateInZone(new Date(Math.max(near.getTime(), clock.nowMs())), settings.timeZone);
    const toDate = Temporal.PlainDate.from(fromDate).add({ days: 6 }).toString();
    const [result] = await availability([doctor], fromDate, toDate, settings);
    return new AppError(409, 'SLOT_TAKEN', SLOT_TAKEN_MESSAGE, undefined, undefined, {
      slots: (result?.slots ?? []).slice(0, 24).map(slotOut),
    });
  }

  /** A time a patient may book: exactly one of the doctor's free slots right now. */
  async function requireFreeSlot(doctor: DoctorRecord, startsAt: Date, ignore?: AppointmentView) {
    const settings = await repos.clinic.getSettings();
    const day = dateInZone(startsAt, settings.timeZone);
    const [result] = await availability([doctor], day, day, settings, ignore);
    const slot = result?.slots.find((candidate) => candidate.startsAt.getTime() === startsAt.getTime());
    if (!slot) throw await slotTaken(doctor, startsAt);
    return slot;
  }

  /** Staff may book any time, but outside the doctor's hours or on an absence only when they say so. */
  async function requireWithinHours(doctor: DoctorRecord, startsAt: Date, endsAt: Date, allowOutsideHours: boolean) {
    if (allowOutsideHours) return;
    const settings = await repos.clinic.getSettings();
    const start = wallClock(startsAt, settings.timeZone);
    const end = wallClock(endsAt, settings.timeZone);
    const endMinute = end.date === start.date ? end.minute : end.minute === 0 && end.date > start.date ? 1440 : -1;
    const inInterval = doctor.schedule.some(
      (interval) => interval.weekday === start.weekday && interval.startMinute <= start.minute && endMinute <= interval.endMinute && endMinute > 0,
    );
    const absent = doctor.absences.find((absence) => absence.startDate <= start.date && start.date <= absence.endDate);
    if (!inInterval || absent) {
      const message = absent
        ? `${doctor.displayName} no pasa consulta ese día (${absent.reason}). ¿Quieres reservar igualmente?`
        : `La hora elegida está fuera del horario de ${doctor.displayName}. ¿Quieres reservar igualmente?`;
      throw new AppError(422, 'OUTSIDE_HOURS', message);
    }
  }

  /** The e-mail data of an appointment (none when the patient has no e-mail). */
  async function mailInput(view: AppointmentView, settings: ClinicSettingsRow): Promise<AppointmentMailInput | null> {
    if (!view.patientEmail) return null;
    return {
      to: view.patientEmail,
      patientName: view.patientFirstName,
      clinic: { name: settings.name, address: settings.address, phone: settings.phone, email: settings.email, timeZone: settings.timeZone },
      appointment: { id: view.id, startsAt: view.startsAt, endsAt: view.endsAt, doctorName: view.doctorName, specialty: view.specialty, reason: view.reason },
      manageUrl: await manageUrl(view.id),
      cancellationWindowHours: settings.cancellationWindowHours,
      changeableOnline: changeableOnline(view, settings),
    };
  }

  /** Whether a patient may still change or cancel it online: a live one before the cancellation window. */
  function changeableOnline(view: AppointmentView, settings: ClinicSettingsRow) {
    const deadline = view.startsAt.getTime() - settings.cancellationWindowHours * 3_600_000;
    return ['pendiente', 'confirmada'].includes(view.status) && clock.nowMs() <= deadline;
  }

  async function manageUrl(appointmentId: string) {
    return `${app.config.publicUrl}${paths.manageBooking(await links.tokenFor(appointmentId))}`;
  }

  /**
   * Renders an appointment e-mail and writes it to the outbox in `tx`, the transaction of the change
   * that causes it: the e-mail exists if and only if the change commits, and the worker delivers it.
   * `settings` are read before the transaction (the embedded database has one connection).
   */
  async function enqueueEmail(
    tx: Db,
    kind: AppointmentEmailKind,
    view: AppointmentView,
    settings: ClinicSettingsRow,
    deliverAfter?: Date,
  ) {
    const input = await mailInput(view, settings);
    if (!input) return;
    const message =
      kind === 'received'
        ? bookingReceivedEmail({ ...input, pending: view.status === 'pendiente' })
        : kind === 'confirmed'
          ? bookingConfirmedEmail(input)
          : kind === 'rescheduled'
            ? bookingRescheduledEmail(input)
            : kind === 'cancelled'
              ? // The reason only when it may be shown to the patient (their own, or staff chose to show it).
                bookingCancelledEmail({ ...input, reason: view.cancelReasonVisible ? (view.cancelReason ?? '') : '' })
              : reminderEmail(input);
    await app.outbox.enqueue(message, { tx, kind: `appointment-${kind}`, appointmentId: view.id, deliverAfter });
  }

  /** What an e-mail needs from outside the change's transaction: the settings and the link key. */
  async function beforeEmail() {
    const settings = await repos.clinic.getSettings();
    await links.tokenFor(ZERO_UUID);
    return settings;
  }

  async function publish(view: AppointmentView) {
    await app.events.publish({ type: 'appointment', appointmentId: view.id, doctorId: view.doctorId, startsAt: view.startsAt.toISOString() });
  }

  async function ownView(view: AppointmentView): Promise<OwnAppointment> {
    const settings = await repos.clinic.getSettings();
    const deadline = new Date(view.startsAt.getTime() - settings.cancellationWindowHours * 3_600_000);
    return {
      id: view.id,
      status: view.status,
      startsAt: view.startsAt.toISOString(),
      endsAt: view.endsAt.toISOString(),
      doctorId: view.doctorId,
      doctorName: view.doctorName,
      specialty: view.specialty,
      reason: view.reason,
      patientName: `${view.patientFirstName} ${view.patientLastName}`.trim(),
      timeZone: settings.timeZone,
      canChange: ['pendiente', 'confirmada'].includes(view.status) && clock.nowMs() <= deadline.getTime(),
      changeDeadline: deadline.toISOString(),
      cancelReason: view.cancelReasonVisible ? view.cancelReason : null,
    };
  }

  /**
   * Creates the appointment (with its history, audit entry and live event, in one statement) and writes
   * its e-mail (`received` for a patient's request, `confirmed` for a desk booking) to the outbox in the
   * same transaction; a lost race answers the 409 with fresh slots.
   */
  async function create(input: {
    doctor: DoctorRecord;
    patientId: string;
    startsAt: Date;
    endsAt: Date;
    reason: string;
    channel: AppointmentChannel;
    status: AppointmentStatus;
    actor: RequestUser | null;
    ip: string;
    email: 'received' | 'confirmed';
  }): Promise<AppointmentView> {
    const settings = await beforeEmail();
    try {
      return await app.database.db.transaction(async (tx) => {
        const view = await repos.appointments.create(
          {
            patientId: input.patientId,
            doctorId: input.doctor.id,
            startsAt: input.startsAt,
            endsAt: input.endsAt,
            reason: input.reason,
            channel: input.channel,
            status: input.status,
            createdBy: input.actor?.id ?? null,
            audit: { actor: input.actor, ip: input.ip },
          },
          tx,
        );
        await enqueueEmail(tx, input.email, view, settings);
        return view;
      });
    } catch (error) {
      if (error instanceof SlotTakenError) throw await slotTaken(input.doctor, input.startsAt);
      throw error;
    }
  }

  /**
   * Moves an appointment (same rules as `create` for conflicts); its audit entry («reschedule», or
   * «update» when only the reason changed) and, with `email`, the patient's «cita cambiada» in the outbox
   * are written in the same transaction.
   */
  async function reschedule(
    view: AppointmentView,
    changes: { doctor: DoctorRecord; startsAt: Date; endsAt: Date; reason?: string },
    who: AuditNote,
    options: { email: boolean; undoable?: boolean } = { email: true },
  ) {
    const settings = await beforeEmail();
    const deliverAfter = options.undoable ? heldUntil() : undefined;
    const moved =
      changes.startsAt.getTime() !== view.startsAt.getTime() ||
      changes.endsAt.getTime() !== view.endsAt.getTime() ||
      changes.doctor.id !== view.doctorId;
    let updated: AppointmentView;
    try {
      updated = await audited(
        app.database.db,
        async (tx) => {
          await repos.appointments.reschedule(view.id, { startsAt: changes.startsAt, endsAt: changes.endsAt, doctorId: changes.doctor.id, reason: changes.reason }, who.actor?.id ?? null, tx);
          const result = (await repos.appointments.findView(view.id, tx))!;
          if (options.email) await enqueueEmail(tx, 'rescheduled', result, settings, deliverAfter);
          return result;
        },
        auditEntryOf(view, moved ? 'reschedule' : 'update', who),
      );
    } catch (error) {
      if (error instanceof SlotTakenError) throw await slotTaken(changes.doctor, changes.startsAt);
      throw error;
    }
    await publish(updated);
    // The old time is free: offer it to the waiting list (held and undone with the move).
    if (moved) await app.waitingList.slotFreed(view, deliverAfter);
    return updated;
  }

  /**
   * Changes the status, with its audit entry («cancel» or «status») in the same transaction; the patient
   * is told, through the outbox in that transaction too, of a cancellation (with its reason when it may be
   * shown) and of the confirmation of a pending request. `cancel` says why a cancellation happened and
   * whether the patient reads it; `alsoWrite` adds the caller's own row to the same transaction.
   */
  async function setStatus(
    view: AppointmentView,
    status: AppointmentStatus,
    who: AuditNote,
    cancel: { reason: string | null; visible: boolean } | null = null,
    options: { undoable?: boolean; alsoWrite?: (tx: Db) => Promise<unknown> } = {},
  ) {
    const settings = await beforeEmail();
    const deliverAfter = options.undoable ? heldUntil() : undefined;
    const entry = auditEntryOf(view, status === 'cancelada' ? 'cancel' : 'status', {
      ...who,
      details: { from: view.status, to: status, ...who.details },
    });
    const updated = await audited(
      app.database.db,
      async (tx) => {
        await repos.appointments.setStatus(view.id, status, who.actor?.id ?? null, cancel, tx);
        const changed = (await repos.appointments.findView(view.id, tx))!;
        if (status === 'cancelada') await enqueueEmail(tx, 'cancelled', changed, settings, deliverAfter);
        if (status === 'confirmada' && view.status === 'pendiente') await enqueueEmail(tx, 'confirmed', changed, settings, deliverAfter);
        await options.alsoWrite?.(tx);
        return changed;
      },
      entry,
    );
    await publish(updated);
    // A cancellation frees the time: offer it to the waiting list (held and undone with the change).
    if (status === 'cancelada' && view.status !== 'cancelada') await app.waitingList.slotFreed(view, deliverAfter);
    return updated;
  }

  /** Until when a change's e-mail waits: the undo window plus a margin, so an undo in time always stops it. */
  function heldUntil() {
    return new Date(clock.nowMs() + (UNDO_WINDOW_SECONDS + UNDO_MARGIN_SECONDS) * 1000);
  }

  /**
   * Undoes the last change of an appointment (a move, a cancellation or a status change) when it is the
   * requester's own and at most UNDO_WINDOW_SECONDS old: the previous state comes back, the patient's e-mail
   * about it is cancelled before it leaves, and the history and audit trail keep both steps.
   */
  async function undo(view: AppointmentView, who: AuditNote) {
    const actorId = who.actor?.id ?? null;
    let restored: AppointmentView;
    try {
      restored = await audited(
        app.database.db,
        async (tx) => {
          const last = await repos.appointments.lastEvent(view.id, tx);
          if (!last || !['rescheduled', 'status'].includes(last.action) || last.actorId !== actorId) {
            throw new AppError(409, 'NOTHING_TO_UNDO', 'No hay ningún cambio tuyo en esta cita que se pueda deshacer.');
          }
          if (clock.nowMs() - last.at.getTime() > UNDO_WINDOW_SECONDS * 1000) {
            throw new AppError(409, 'UNDO_EXPIRED', `Ya no se puede deshacer: han pasado más de ${UNDO_WINDOW_SECONDS} segundos.`);
          }
          const stopped = await repos.outbox.cancelForAppointmentSince(view.id, last.at, tx);
          if (!stopped) {
            throw new AppError(409, 'UNDO_EXPIRED', 'El aviso al paciente ya ha salido: cambia la cita de nuevo si hace falta.');
          }
          await repos.appointments.revert(view.id, last, actorId, tx);
          return (await repos.appointments.findView(view.id, tx))!;
        },
        auditEntryOf(view, 'undo', who),
      );
    } catch (error) {
      if (error instanceof SlotTakenError) {
        throw new AppError(409, 'SLOT_TAKEN', 'La hora de antes ya la ha ocupado otra cita: no se puede deshacer.');
      }
      throw error;
    }
    await publish(restored);
    return restored;
  }

  /** Patients (visitors or pacientes) may change a booking only until the cancellation window. */
  async function requireChangeable(view: AppointmentView) {
    const own = await ownView(view);
    if (!own.canChange) {
      const settings = await repos.clinic.getSettings();
      const message = ['pendiente', 'confirmada'].includes(view.status)
        ? `Solo se puede cambiar o cancelar por internet hasta ${settings.cancellationWindowHours} horas antes. Llama a la clínica${settings.phone ? ` (${settings.phone})` : ''}.`
        : 'Esta cita ya no se puede cambiar.';
      throw new AppError(409, 'CHANGE_WINDOW_CLOSED', message);
    }
  }

  /** A patient (by the e-mail link or from their area) cancels, within the window, and is told by e-mail. */
  async function cancelByPatient(view: AppointmentView, who: AuditNote, reason: string) {
    await requireChangeable(view);
    // The reason (optional) is the patient's own: they see it in their e-mail and their area.
    return ownView(await setStatus(view, 'cancelada', who, { reason: reason || null, visible: true }));
  }

  /** A patient moves a booking to another free slot (of the same or another doctor), within the window. */
  async function rescheduleByPatient(view: AppointmentView, input: { startsAt: string; doctorId?: string }, who: AuditNote) {
    await requireChangeable(view);
    const doctor = await activeDoctor(input.doctorId ?? view.doctorId);
    const slot = await requireFreeSlot(doctor, new Date(input.startsAt), view);
    return ownView(await reschedule(view, { doctor, startsAt: slot.startsAt, endsAt: slot.endsAt }, who));
  }

  /**
   * Writes the reminders that are due to the outbox (once each, whatever the number of instances): the
   * claim, the e-mails and the marks are one transaction with no network in it; the worker sends them.
   * None for an appointment booked or moved inside the lead time (its own e-mail was just sent).
   */
  async function enqueueDueReminders(now = clock.now()): Promise<number> {
    const settings = await beforeEmail();
    return repos.appointments.claimDueReminders(now, settings.reminderLeadHours, 50, (view, tx) =>
      enqueueEmail(tx, 'reminder', view, settings),
    );
  }

  return {
    activeDoctor,
    availability,
    slotOut,
    requireFreeSlot,
    requireWithinHours,
    cancelByPatient,
    rescheduleByPatient,
    create,
    reschedule,
    setStatus,
    undo,
    ownView,
    manageUrl,
    verifyManageToken: links.verify,
    enqueueDueReminders,
  };
}

export type AppointmentService = ReturnType<typeof createAppointmentService>;
