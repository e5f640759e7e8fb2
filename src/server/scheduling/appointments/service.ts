import { Temporal } from 'temporal-polyfill';
import {
  SLOT_TAKEN_MESSAGE,
  UNDO_MARGIN_SECONDS,
  UNDO_WINDOW_SECONDS,
  type Appointment,
  type AppointmentChannel,
  type AppointmentStatus,
  type OwnAppointment,
} from '../../../common/schemas/appointments';
import { paths } from '../../../common/paths';
import {
  ARRIVAL_REQUIRED_MESSAGE,
  arrivalRefusal,
  needsArrivalTime,
  statusChangeRefusal,
  type StatusTarget,
} from '../../../common/appointment-status-rules';
import { HOLIDAY_CODE, holidayClosedMessage } from '../../../common/schemas/holidays';
import { MINOR_REQUIRED_MESSAGE, type AppointmentMinor, type MinorDetails } from '../../../common/schemas/minors';
import { AppError, notFound, validationError } from '../../platform';
import { performs } from '../../../common/schemas/clinic-services';
import { keptMinutes, NOT_PERFORMED_MESSAGE } from './kept-length';
import { enqueuePhoneReminder } from '../reminders/sms';
import type { RequestUser } from '../../access';
import {
  bookingCancelledEmail,
  bookingConfirmedEmail,
  bookingReceivedEmail,
  bookingRescheduledEmail,
  reminderEmail,
  type AppointmentMailInput,
} from './emails';
import type { AuditAction } from '../../../common/schemas/audit';
import { audited, type AuditContext } from '../../platform';
import type { AuditEntry } from '../../platform';
import { freeSlots } from '../availability/slots';
import { dateInZone } from '../../platform';
import type { ClinicSettingsRow } from '../../platform';
import { bookingWindow } from '../doctors/next-free-slot';
import type { DoctorRecord } from '../doctors/repository';
import { createManageLinks } from './manage-link';
import type { BookingForms } from './booking-forms';
import { SlotTakenError, type AppointmentView } from './repository';
import { slotOut } from './availability-out';
import { clock } from '../../platform';
import { transact, type Tx } from '../../platform';
import type { DeskNotice } from '../../../common/schemas/tasks';
import { appointmentNoticePrefix, createDeskNotices } from '../../communications';
import type { CoreDeps } from '../deps';

type AppointmentEmailKind = 'received' | 'confirmed' | 'rescheduled' | 'cancelled' | 'reminder';

/** A changed appointment and what the desk must do because the patient cannot be told (no e-mail). */
/** A changed appointment, with what the desk is told and, for a booking, the questionnaires it asked. */
export type NoticedView = AppointmentView & { notices: DeskNotice[]; questionnairesAsked?: string[] };

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
    arrivedAt: view.arrivedAt?.toISOString() ?? null,
    cancelReason: view.cancelReason,
    cancelReasonVisible: view.cancelReasonVisible,
    createdAt: view.createdAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
    serviceId: view.serviceId ?? null,
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

/** The waiting list as a change of booking needs it: a freed time is offered (`waiting-list/service.ts`). */
export interface FreedSlots {
  slotFreed(
    freed: Pick<AppointmentView, 'id' | 'doctorId' | 'startsAt' | 'endsAt'>,
    deliverAfter?: Date,
    actor?: AuditEntry['actor'],
  ): Promise<DeskNotice[]>;
}

/** Booking rules shared by the public page, the patient area and the staff screens. */
export function createAppointmentService(
  deps: Pick<CoreDeps, 'config' | 'db' | 'repos' | 'outbox' | 'channels' | 'events'> & {
    waitingList: FreedSlots;
    forms: BookingForms;
  },
) {
  const { repos } = deps;
  const links = createManageLinks(repos.clinic, deps.db);
  const deskNotices = createDeskNotices(repos);

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
    /**
     * Slots held for the waiting list (a live offer): `busy` for the public page and patients (the
     * default), `mark` for the desk (offered with `heldUntil`, so it may book one deliberately), `free`
     * for the offer's own booking.
     */
    held: 'busy' | 'mark' | 'free' = 'busy',
    /** The length of the visit (the service's); the doctor's appointment length when not given. */
    durationMinutes?: number,
  ) {
    const { earliest, latest } = bookingWindow(settings);
    // The range of instants the wall-clock days can cover, with a day of margin for any zone offset.
    const from = new Date(Math.max(earliest.getTime(), Date.parse(`${fromDate}T00:00:00Z`) - DAY_MS));
    const to = new Date(Math.min(latest.getTime(), Date.parse(`${toDate}T00:00:00Z`) + 2 * DAY_MS));
    const ids = doctorList.map((doctor) => doctor.id);
    // Busy ranges, held slots and holidays are independent reads: on PostgreSQL they run at once (one wait, not three).
    const [booked, holds, closed] = await Promise.all([
      to > from ? repos.doctors.busyRanges(ids, from, to) : [],
      held !== 'free' && to > from ? repos.waitingList.heldRanges(ids, from, to) : [],
      // Public holidays and clinic closures: closed for every doctor, like an absence of each.
      repos.holidays.between(fromDate, toDate),
    ]);
    const busy = booked.filter(
      (range) =>
        !ignore ||
        range.doctorId !== ignore.doctorId ||
        range.startsAt.getTime() !== ignore.startsAt.getTime() ||
        range.endsAt.getTime() !== ignore.endsAt.getTime(),
    );
    const heldUntil = (doctorId: string, slot: { startsAt: Date; endsAt: Date }) =>
      holds
        .filter((hold) => hold.doctorId === doctorId && hold.startsAt < slot.endsAt && hold.endsAt > slot.startsAt)
        .reduce<
          Date | undefined
        >((latest, hold) => (!latest || hold.heldUntil > latest ? hold.heldUntil : latest), undefined);
    return doctorList.map((doctor) => ({
      doctor,
      slots: freeSlots({
        timeZone: settings.timeZone,
        fromDate,
        toDate,
        durationMinutes: durationMinutes ?? doctor.appointmentMinutes,
        // Slots start on the doctor's grid whatever the visit's length.
        stepMinutes: doctor.appointmentMinutes,
        schedule: doctor.schedule,
        absences: closed.length ? [...doctor.absences, ...closed] : doctor.absences,
        busy: [...busy, ...(held === 'busy' ? holds : [])].filter((range) => range.doctorId === doctor.id),
        earliest,
        latest,
      }).map((slot): { startsAt: Date; endsAt: Date; heldUntil?: Date } =>
        held === 'mark' ? { ...slot, heldUntil: heldUntil(doctor.id, slot) } : slot,
      ),
    }));
  }

  /** The clinic's holidays and closures of each day in [fromDate, toDate], by name: the booking's days show them. */
  async function closedDays(fromDate: string, toDate: string): Promise<{ date: string; name: string }[]> {
    const closed = await repos.holidays.between(fromDate, toDate);
    const days: { date: string; name: string }[] = [];
    for (const holiday of closed) {
      const last = holiday.endDate < toDate ? holiday.endDate : toDate;
      let date = Temporal.PlainDate.from(holiday.startDate < fromDate ? fromDate : holiday.startDate);
      for (; Temporal.PlainDate.compare(date, last) <= 0; date = date.add({ days: 1 })) {
        days.push({ date: date.toString(), name: holiday.name });
      }
    }
    return days.sort((a, b) => a.date.localeCompare(b.date));
  }

  /** The 409 of a lost race: the fixed message and fresh slots of the doctor from that day on. */
  async function slotTaken(
    doctor: DoctorRecord,
    near: Date,
    known?: ClinicSettingsRow,
    durationMinutes?: number,
  ): Promise<AppError> {
    const settings = known ?? (await repos.clinic.getSettings());
    const fromDate = dateInZone(new Date(Math.max(near.getTime(), clock.nowMs())), settings.timeZone);
    const toDate = Temporal.PlainDate.from(fromDate).add({ days: 6 }).toString();
    const [result] = await availability([doctor], fromDate, toDate, settings, undefined, 'busy', durationMinutes);
    return new AppError(409, 'SLOT_TAKEN', SLOT_TAKEN_MESSAGE, undefined, undefined, {
      slots: (result?.slots ?? []).slice(0, 24).map(slotOut),
    });
  }

  /**
   * A time a patient may book: exactly one of the doctor's free slots right now, never on a holiday; with
   * `durationMinutes` (a service's), free for that whole length.
   */
  async function requireFreeSlot(
    doctor: DoctorRecord,
    startsAt: Date,
    ignore?: AppointmentView,
    held: 'busy' | 'free' = 'busy',
    known?: ClinicSettingsRow,
    durationMinutes?: number,
  ) {
    const settings = known ?? (await repos.clinic.getSettings());
    const day = dateInZone(startsAt, settings.timeZone);
    const holiday = await repos.holidays.on(day);
    if (holiday) throw new AppError(422, HOLIDAY_CODE, holidayClosedMessage(day, holiday));
    const [result] = await availability([doctor], day, day, settings, ignore, held, durationMinutes);
    const slot = result?.slots.find((candidate) => candidate.startsAt.getTime() === startsAt.getTime());
    if (!slot) throw await slotTaken(doctor, startsAt, settings, durationMinutes);
    return slot;
  }

  /**
   * A booking in a specialty for minors (Pediatría) needs the child and the guardian (who books); in any
   * other specialty they are not asked and are not kept.
   */
  async function minorDetails(
    doctor: DoctorRecord,
    minor: MinorDetails | undefined,
    guardianName: string,
  ): Promise<AppointmentMinor | null> {
    const specialty = await repos.doctors.findSpecialty(doctor.specialtyId);
    if (!specialty?.forMinors) return null;
    if (!minor) throw new AppError(400, 'VALIDATION', MINOR_REQUIRED_MESSAGE, { minor: MINOR_REQUIRED_MESSAGE });
    return { ...minor, guardianName };
  }

  /** Staff may book any time, but outside the doctor's hours or on an absence only when they say so. */
  async function requireWithinHours(doctor: DoctorRecord, startsAt: Date, endsAt: Date, allowOutsideHours: boolean) {
    if (allowOutsideHours) return;
    const settings = await repos.clinic.getSettings();
    const start = wallClock(startsAt, settings.timeZone);
    const end = wallClock(endsAt, settings.timeZone);
    const endMinute = end.date === start.date ? end.minute : end.minute === 0 && end.date > start.date ? 1440 : -1;
    const inInterval = doctor.schedule.some(
      (interval) =>
        interval.weekday === start.weekday &&
        interval.startMinute <= start.minute &&
        endMinute <= interval.endMinute &&
        endMinute > 0,
    );
    const absent = doctor.absences.find((absence) => absence.startDate <= start.date && start.date <= absence.endDate);
    // A holiday or closure: the desk may still book it (an urgent visit), but only when it says so.
    const holiday = await repos.holidays.on(start.date);
    if (!inInterval || absent || holiday) {
      const message = holiday
        ? `${holidayClosedMessage(start.date, holiday).replace(' Elige otro día.', '')} ¿Quieres reservar igualmente?`
        : absent
          ? `${doctor.displayName} no pasa consulta ese día (${absent.reason}). ¿Quieres reservar igualmente?`
          : `La hora elegida está fuera del horario de ${doctor.displayName}. ¿Quieres reservar igualmente?`;
      throw new AppError(422, 'OUTSIDE_HOURS', message);
    }
  }

  /** The e-mail data of an appointment (none when the patient has no e-mail). */
  async function mailInput(
    view: AppointmentView,
    settings: ClinicSettingsRow,
    tx?: Tx,
  ): Promise<AppointmentMailInput | null> {
    if (!view.patientEmail) return null;
    return {
      to: view.patientEmail,
      patientName: view.patientFirstName,
      clinic: {
        name: settings.name,
        address: settings.address,
        phone: settings.phone,
        email: settings.email,
        timeZone: settings.timeZone,
      },
      appointment: {
        id: view.id,
        startsAt: view.startsAt,
        endsAt: view.endsAt,
        doctorName: view.doctorName,
        specialty: view.specialty,
        reason: view.reason,
      },
      manageUrl: await manageUrl(view.id),
      cancellationWindowHours: settings.cancellationWindowHours,
      changeableOnline: changeableOnline(view, settings),
      includeReason: settings.mailIncludeReason,
      consents: tx ? await deps.forms.consentLinks(view, tx) : [],
    };
  }

  /** Whether a patient may still change or cancel it online: a live one before the cancellation window. */
  function changeableOnline(view: AppointmentView, settings: ClinicSettingsRow) {
    const deadline = view.startsAt.getTime() - settings.cancellationWindowHours * 3_600_000;
    return ['pendiente', 'confirmada'].includes(view.status) && clock.nowMs() <= deadline;
  }

  async function manageUrl(appointmentId: string) {
    return `${deps.config.publicUrl}${paths.manageBooking(await links.tokenFor(appointmentId))}`;
  }

  /**
   * Renders an appointment e-mail and writes it to the outbox in `tx`, the transaction of the change
   * that causes it: the e-mail exists if and only if the change commits, and the worker delivers it.
   * `settings` come from `beforeEmail`, read once before the transaction with the link key (which is made in a
   * transaction of its own, since it must commit whatever the change does).
   * A patient without e-mail gets no e-mail: the desk gets a call task instead (in `tx` too), answered
   * here so the caller can tell whoever made the change.
   */
  async function enqueueEmail(
    tx: Tx,
    kind: AppointmentEmailKind,
    view: AppointmentView,
    settings: ClinicSettingsRow,
    deliverAfter?: Date,
    notice: { actor: AuditNote['actor']; previousStartsAt?: Date } = { actor: null },
    questionnaires?: AppointmentMailInput['questionnaires'],
  ): Promise<DeskNotice | null> {
    const mail = await mailInput(view, settings, kind === 'cancelled' ? undefined : tx);
    const input = mail && questionnaires?.length ? { ...mail, questionnaires } : mail;
    if (!input) return deskNotices.forAppointment(tx, kind, view, { timeZone: settings.timeZone, ...notice });
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
    await deps.outbox.enqueue(message, { tx, kind: `appointment-${kind}`, appointmentId: view.id, deliverAfter });
    return null;
  }

  /**
   * What an e-mail needs from outside the change's transaction: the settings (read once for the change's checks
   * and its e-mail) and the link key, created on first use in a transaction of its own — the key must commit
   * even when the change rolls back, and on the embedded database (one connection) a transaction cannot be
   * opened from inside another.
   */
  async function beforeEmail(known?: ClinicSettingsRow) {
    const settings = known ?? (await repos.clinic.getSettings());
    await links.tokenFor(ZERO_UUID);
    await deps.forms.prepare();
    return settings;
  }

  async function publish(view: AppointmentView) {
    await deps.events.publish({
      type: 'appointment',
      appointmentId: view.id,
      doctorId: view.doctorId,
      startsAt: view.startsAt.toISOString(),
    });
  }

  /**
   * An appointment as its patient sees it. `serviceNames` (the catalogue's, read once) spares a list one read of the
   * service per appointment; without it the one service is read.
   */
  async function ownView(
    view: AppointmentView & { questionnairesAsked?: string[] },
    known?: ClinicSettingsRow,
    serviceNames?: ReadonlyMap<string, string>,
  ): Promise<OwnAppointment> {
    const settings = known ?? (await repos.clinic.getSettings());
    const deadline = new Date(view.startsAt.getTime() - settings.cancellationWindowHours * 3_600_000);
    // The service's name, and the length this visit was booked for.
    const booked = !view.serviceId
      ? undefined
      : serviceNames
        ? { name: serviceNames.get(view.serviceId) ?? '' }
        : await repos.clinicServices.findById(view.serviceId);
    const minutes = (view.endsAt.getTime() - view.startsAt.getTime()) / 60_000;
    return {
      id: view.id,
      status: view.status,
      startsAt: view.startsAt.toISOString(),
      endsAt: view.endsAt.toISOString(),
      doctorId: view.doctorId,
      doctorName: view.doctorName,
      specialty: view.specialty,
      service: booked ? { name: booked.name, durationMinutes: minutes } : null,
      reason: view.reason,
      patientName: `${view.patientFirstName} ${view.patientLastName}`.trim(),
      timeZone: settings.timeZone,
      canChange: ['pendiente', 'confirmada'].includes(view.status) && clock.nowMs() <= deadline.getTime(),
      changeDeadline: deadline.toISOString(),
      cancelReason: view.cancelReasonVisible ? view.cancelReason : null,
      ...(view.questionnairesAsked ? { questionnairesAsked: view.questionnairesAsked } : {}),
    };
  }

  /**
   * Creates the appointment (with its history, audit entry and live event, in one statement) and writes
   * its e-mail (`received` for a patient's request, `confirmed` for a desk booking) to the outbox in the
   * same transaction; a lost race answers the 409 with fresh slots. A public booking's patient is found or
   * made in that transaction too (`patient` as a function), so a refused booking leaves no record behind.
   */
  async function create(input: {
    doctor: DoctorRecord;
    /** The patient's id, or the work that finds or makes the record inside the booking's transaction. */
    patient: string | ((tx: Tx) => Promise<{ id: string }>);
    startsAt: Date;
    endsAt: Date;
    reason: string;
    channel: AppointmentChannel;
    status: AppointmentStatus;
    actor: RequestUser | null;
    ip: string;
    email: 'received' | 'confirmed';
    /** A booking for a minor: the child and the guardian, written with it. */
    minor?: AppointmentMinor | null;
    /** The clinic's settings when the caller has already read them. */
    settings?: ClinicSettingsRow;
    /** The service booked («Servicios y tarifas»), when one was chosen. */
    serviceId?: string | null;
  }): Promise<NoticedView> {
    const settings = await beforeEmail(input.settings);
    try {
      return await transact(deps.db, async (tx) => {
        const patientId = typeof input.patient === 'string' ? input.patient : (await input.patient(tx)).id;
        const view = await repos.appointments.create(
          {
            patientId,
            doctorId: input.doctor.id,
            startsAt: input.startsAt,
            endsAt: input.endsAt,
            reason: input.reason,
            channel: input.channel,
            status: input.status,
            createdBy: input.actor?.id ?? null,
            audit: { actor: input.actor, ip: input.ip },
            serviceId: input.serviceId ?? null,
          },
          tx,
        );
        if (input.minor) await repos.appointmentMinors.add(view.id, input.minor, tx);
        // The informed consents its service asks for and the questionnaires that apply to it (its service, a
        // first visit), asked in the same transaction by the forms context.
        const questionnaires = await deps.forms.afterBooking(
          { id: view.id, patientId, serviceId: view.serviceId ?? null, startsAt: view.startsAt, endsAt: view.endsAt },
          tx,
        );
        const notice = await enqueueEmail(
          tx,
          input.email,
          view,
          settings,
          undefined,
          { actor: input.actor ? { id: input.actor.id, role: input.actor.role } : null },
          questionnaires,
        );
        return {
          ...view,
          notices: notice ? [notice] : [],
          questionnairesAsked: questionnaires.map((request) => request.title),
        };
      });
    } catch (error) {
      if (error instanceof SlotTakenError) {
        // A booked service's fresh slots are of its length.
        const minutes = input.serviceId ? (input.endsAt.getTime() - input.startsAt.getTime()) / 60_000 : undefined;
        throw await slotTaken(input.doctor, input.startsAt, settings, minutes);
      }
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
  ): Promise<NoticedView> {
    const settings = await beforeEmail();
    const deliverAfter = options.undoable ? heldUntil() : undefined;
    const moved =
      changes.startsAt.getTime() !== view.startsAt.getTime() ||
      changes.endsAt.getTime() !== view.endsAt.getTime() ||
      changes.doctor.id !== view.doctorId;
    let updated: NoticedView;
    try {
      updated = await audited(
        deps.db,
        async (tx) => {
          await repos.appointments.reschedule(
            view.id,
            { startsAt: changes.startsAt, endsAt: changes.endsAt, doctorId: changes.doctor.id, reason: changes.reason },
            who.actor?.id ?? null,
            tx,
          );
          const result = (await repos.appointments.findView(view.id, tx))!;
          const notice = options.email
            ? await enqueueEmail(tx, 'rescheduled', result, settings, deliverAfter, {
                actor: who.actor,
                previousStartsAt: view.startsAt,
              })
            : null;
          return { ...result, notices: notice ? [notice] : [] };
        },
        auditEntryOf(view, moved ? 'reschedule' : 'update', who),
      );
    } catch (error) {
      // A booked service's fresh slots are of its length.
      if (error instanceof SlotTakenError)
        throw await slotTaken(changes.doctor, changes.startsAt, settings, keptMinutes(view));
      throw error;
    }
    await publish(updated);
    // The old time is free: offer it to the waiting list (held and undone with the move).
    if (moved) updated.notices.push(...(await deps.waitingList.slotFreed(view, deliverAfter, who.actor)));
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
    options: { undoable?: boolean; alsoWrite?: (tx: Tx) => Promise<unknown>; arrivedAt?: Date } = {},
  ): Promise<NoticedView> {
    const settings = await beforeEmail();
    const deliverAfter = options.undoable ? heldUntil() : undefined;
    const entry = auditEntryOf(view, status === 'cancelada' ? 'cancel' : 'status', {
      ...who,
      details: { from: view.status, to: status, ...who.details },
    });
    const updated = await audited(
      deps.db,
      async (tx) => {
        await repos.appointments.setStatus(view.id, status, who.actor?.id ?? null, cancel, tx, options.arrivedAt);
        const changed = (await repos.appointments.findView(view.id, tx))!;
        const notices: DeskNotice[] = [];
        const tell = async (kind: AppointmentEmailKind) => {
          const notice = await enqueueEmail(tx, kind, changed, settings, deliverAfter, { actor: who.actor });
          if (notice) notices.push(notice);
        };
        if (status === 'cancelada') await tell('cancelled');
        if (status === 'confirmada' && view.status === 'pendiente') await tell('confirmed');
        await options.alsoWrite?.(tx);
        return { ...changed, notices };
      },
      entry,
    );
    await publish(updated);
    // A cancellation frees the time: offer it to the waiting list (held and undone with the change).
    if (status === 'cancelada' && view.status !== 'cancelada')
      updated.notices.push(...(await deps.waitingList.slotFreed(view, deliverAfter, who.actor)));
    return updated;
  }

  /**
   * The status rules by what really happened (`common/appointment-status-rules.ts`), at the clinic's
   * clock: a 409 with the rule's Spanish message, or a 400 on the arrival time when it is missing or
   * impossible. Answers the arrival to record when the patient was never checked in.
   */
  async function requireStatusChange(
    view: AppointmentView,
    status: StatusTarget,
    arrivedAt: string | undefined,
  ): Promise<Date | undefined> {
    const { timeZone } = await repos.clinic.getSettings();
    const moment = { now: clock.now(), timeZone };
    const refusal = statusChangeRefusal(view, status, moment);
    if (refusal) throw new AppError(409, 'INVALID_TRANSITION', refusal);
    if (!needsArrivalTime(view.status, status)) return undefined;
    if (!arrivedAt)
      throw new AppError(400, 'VALIDATION', ARRIVAL_REQUIRED_MESSAGE, { arrivedAt: ARRIVAL_REQUIRED_MESSAGE });
    const wrong = arrivalRefusal(view, arrivedAt, moment);
    if (wrong) throw new AppError(400, 'VALIDATION', wrong, { arrivedAt: wrong });
    return new Date(arrivedAt);
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
        deps.db,
        async (tx) => {
          const last = await repos.appointments.lastEvent(view.id, tx);
          if (!last || !['rescheduled', 'status'].includes(last.action) || last.actorId !== actorId) {
            throw new AppError(409, 'NOTHING_TO_UNDO', 'No hay ningún cambio tuyo en esta cita que se pueda deshacer.');
          }
          if (clock.nowMs() - last.at.getTime() > UNDO_WINDOW_SECONDS * 1000) {
            throw new AppError(
              409,
              'UNDO_EXPIRED',
              `Ya no se puede deshacer: han pasado más de ${UNDO_WINDOW_SECONDS} segundos.`,
            );
          }
          const stopped = await repos.outbox.cancelForAppointmentSince(view.id, last.at, tx);
          if (!stopped) {
            throw new AppError(
              409,
              'UNDO_EXPIRED',
              'El aviso al paciente ya ha salido: cambia la cita de nuevo si hace falta.',
            );
          }
          await repos.appointments.revert(view.id, last, actorId, tx);
          // The desk's call tasks of the undone change (and of the offers it made) go with it, if not started.
          await repos.tasks.dropNoticesSince(appointmentNoticePrefix(view.id), last.at, tx);
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
  async function rescheduleByPatient(
    view: AppointmentView,
    input: { startsAt: string; doctorId?: string },
    who: AuditNote,
  ) {
    await requireChangeable(view);
    const doctor = await activeDoctor(input.doctorId ?? view.doctorId);
    // A booked service keeps its length (and goes only to a doctor who performs it); a visit without one
    // takes the doctor's.
    const minutes = keptMinutes(view);
    const service =
      view.serviceId && doctor.id !== view.doctorId && (await repos.clinicServices.findById(view.serviceId));
    if (service && !performs(service, doctor)) throw validationError({ doctorId: NOT_PERFORMED_MESSAGE });
    const slot = await requireFreeSlot(doctor, new Date(input.startsAt), view, 'busy', undefined, minutes);
    return ownView(await reschedule(view, { doctor, startsAt: slot.startsAt, endsAt: slot.endsAt }, who));
  }

  /**
   * Writes the reminders that are due to the outbox (once each, whatever the number of instances): the
   * claim, the e-mails and the marks are one transaction with no network in it; the worker sends them.
   * None for an appointment booked or moved inside the lead time (its own e-mail was just sent).
   */
  async function enqueueDueReminders(now = clock.now()): Promise<number> {
    const settings = await beforeEmail();
    return repos.appointments.claimDueReminders(now, settings.reminderLeadHours, 50, async (view, tx) => {
      // A patient without e-mail whom the desk was already asked to call inside the lead time (the booking
      // or the change) needs no second call for the reminder.
      const since = new Date(view.startsAt.getTime() - settings.reminderLeadHours * 3_600_000);
      if (!view.patientEmail && (await repos.tasks.hasNoticeSince(appointmentNoticePrefix(view.id), since, tx))) return;
      const input = await mailInput(view, settings);
      const byPhone = await enqueuePhoneReminder(
        { repos, channels: deps.channels },
        {
          subject: { ...view, appointmentId: view.id },
          settings,
          manageUrl: input?.manageUrl ?? (await manageUrl(view.id)),
          email: input ? reminderEmail(input) : null,
        },
        tx,
      );
      if (!byPhone) await enqueueEmail(tx, 'reminder', view, settings);
    });
  }

  return {
    activeDoctor,
    availability,
    closedDays,
    requireFreeSlot,
    requireWithinHours,
    minorDetails,
    cancelByPatient,
    rescheduleByPatient,
    create,
    reschedule,
    setStatus,
    requireStatusChange,
    undo,
    ownView,
    manageUrl,
    verifyManageToken: links.verify,
    enqueueDueReminders,
  };
}

export type AppointmentService = ReturnType<typeof createAppointmentService>;
