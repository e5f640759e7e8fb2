import {
  OFFER_EXPIRED_MESSAGE,
  OFFER_NOT_FOUND_MESSAGE,
  OFFER_TAKEN_MESSAGE,
  OFFER_WITHDRAWN_MESSAGE,
  type PartOfDay,
  type WaitingChannel,
  type WaitingEntry,
  type WaitingOffer,
  type WaitingWishView,
} from '../../../common/schemas/waiting-list';
import { clock } from '../../platform';
import { AppError, notFound, validationError } from '../../platform';
import { audited, type AuditContext } from '../../platform';
import { dateInZone } from '../../platform';
import type { DoctorRecord } from '../doctors/repository';
import type { AppointmentView } from '../appointments/repository';
import { hashToken } from '../../identity';
import type { AuditEntry } from '../../platform';
import type { DeskNotice } from '../../../common/schemas/tasks';
import { createOfferSender, freedSlots, inPartOfDay } from './offers';
import { presentEntry } from './present';
import { wishedService } from './wished-service';
import type { AppointmentService } from '../appointments/service';
import type { CoreDeps } from '../deps';

export interface JoinInput {
  patientId: string;
  doctorId: string | null;
  specialtyId: string | null;
  fromDate: string;
  toDate: string;
  partOfDay: PartOfDay;
  /** The service wished for: bookable online when the patient joins herself, any active one at the desk. */
  serviceId?: string | null;
  notes?: string;
  channel: WaitingChannel;
}

/** The waiting list: joining, leaving, offering freed slots and booking an offer (first come, first served). */
export function createWaitingListService(
  deps: Pick<CoreDeps, 'config' | 'db' | 'repos' | 'outbox' | 'events' | 'log'> & { appointments: AppointmentService },
) {
  const { repos } = deps;
  const repo = repos.waitingList;
  const offerSlots = createOfferSender(deps);

  /**
   * The wish checked and completed: days from today on, an active doctor (whose specialty it takes) or a
   * known specialty; and the entry of this patient that already waits for the same, if any.
   */
  async function checkWish(input: JoinInput) {
    const settings = await repos.clinic.getSettings();
    const today = clock.today(settings.timeZone).toString();
    if (input.toDate < today) throw validationError({ toDate: 'Elige días a partir de hoy' });
    const fromDate = input.fromDate < today ? today : input.fromDate;
    let specialtyId = input.specialtyId;
    let doctorName: string | null = null;
    let specialty: string | null = null;
    let doctor: DoctorRecord | undefined;
    if (input.doctorId) {
      doctor = await repos.doctors.findById(input.doctorId);
      if (!doctor || !doctor.active) throw validationError({ doctorId: 'Elige un profesional de la lista' });
      ({ specialtyId, displayName: doctorName, specialty } = doctor);
    } else {
      const found = specialtyId ? await repos.doctors.findSpecialty(specialtyId) : undefined;
      if (!found) throw validationError({ specialtyId: 'Elige una especialidad de la lista' });
      specialty = found.name;
    }
    const service = input.serviceId
      ? await wishedService(repos, input.serviceId, input.channel, { specialtyId: specialtyId!, doctor })
      : undefined;
    const current = await repo.list({ patientId: input.patientId });
    const duplicate = current.find(
      ({ entry }) =>
        entry.status === 'esperando' &&
        entry.doctorId === input.doctorId &&
        (input.doctorId || entry.specialtyId === specialtyId) &&
        entry.fromDate <= input.toDate &&
        fromDate <= entry.toDate,
    );
    const view: WaitingWishView = {
      doctorName,
      specialty,
      fromDate,
      toDate: input.toDate,
      partOfDay: input.partOfDay,
      serviceName: service?.name ?? null,
    };
    return { fromDate, specialtyId, duplicate, view };
  }

  async function create(
    input: JoinInput,
    { fromDate, specialtyId }: Awaited<ReturnType<typeof checkWish>>,
    who: AuditContext,
  ): Promise<WaitingEntry> {
    const created = await audited(
      deps.db,
      (tx) =>
        repo.create(
          {
            patientId: input.patientId,
            doctorId: input.doctorId,
            specialtyId,
            fromDate,
            toDate: input.toDate,
            partOfDay: input.partOfDay,
            serviceId: input.serviceId ?? null,
            notes: input.notes ?? '',
            channel: input.channel,
            createdBy: who.actor?.id ?? null,
          },
          tx,
        ),
      (row) => ({
        ...who,
        action: 'create',
        entity: 'waiting_list',
        entityId: row.id,
        patientId: row.patientId,
        details: { channel: input.channel },
      }),
    );
    return presentEntry((await repo.findById(created.id))!);
  }

  /** Adds an entry (audited); refuses days already past, unknown doctors and a second entry for the same wish. */
  async function join(input: JoinInput, who: AuditContext): Promise<WaitingEntry> {
    const checked = await checkWish(input);
    if (checked.duplicate) {
      const subject = input.channel === 'mostrador' ? 'Este paciente ya está' : 'Ya estás';
      throw new AppError(
        409,
        'CONFLICT',
        `${subject} en la lista de espera para ese profesional o especialidad en esas fechas.`,
      );
    }
    return create(input, checked, who);
  }

  /** The desk adds a patient it names (a message on the field when the id names no record). */
  async function joinAtDesk(input: JoinInput, who: AuditContext): Promise<WaitingEntry> {
    if (!(await repos.patients.findById(input.patientId)))
      throw validationError({ patientId: 'Elige un paciente de la lista' });
    return join(input, who);
  }

  /**
   * Joining from /agendar-cita on a record found by the e-mail and name typed (a visitor): the answer is the
   * wish, never the entry. A wish the record already waits for is answered as joined (it is) and not added
   * again: refusing it would tell whoever typed her name and e-mail what she is waiting for.
   */
  async function joinByContact(input: JoinInput, who: AuditContext): Promise<WaitingWishView> {
    const checked = await checkWish(input);
    if (!checked.duplicate) await create(input, checked, who);
    return checked.view;
  }

  /** Takes an entry off the list (staff any; a paciente their own, checked by the caller); audited. */
  /** Retires an entry `entries` (the request's scope) reaches; any other answers 404, as one that does not exist. */
  async function leave(
    id: string,
    who: AuditContext,
    entries: Pick<ReturnType<typeof repo.visibleTo>, 'findById'>,
  ): Promise<WaitingEntry> {
    const found = await entries.findById(id);
    if (!found) throw notFound('No encontramos esa entrada de la lista de espera.');
    if (found.entry.status !== 'esperando') throw new AppError(409, 'CONFLICT', 'Esta entrada ya no está esperando.');
    await audited(deps.db, (tx) => repo.retire(id, tx), {
      ...who,
      action: 'cancel',
      entity: 'waiting_list',
      entityId: id,
      patientId: found.entry.patientId,
    });
    return presentEntry((await repo.findById(id))!);
  }

  /**
   * A slot was freed (a cancellation or a move of `freed`): its doctor's free slots overlapping the old
   * time are offered to the list. Called after the change commits; its e-mails are held like the change's
   * (`deliverAfter`) and keyed to the appointment, so undoing the change cancels them. Never fails the change.
   */
  async function slotFreed(
    freed: Pick<AppointmentView, 'id' | 'doctorId' | 'startsAt' | 'endsAt'>,
    deliverAfter?: Date,
    actor: AuditEntry['actor'] = null,
  ): Promise<DeskNotice[]> {
    try {
      const doctor = await repos.doctors.findById(freed.doctorId);
      if (!doctor?.active) return [];
      const settings = await repos.clinic.getSettings();
      const day = dateInZone(freed.startsAt, settings.timeZone);
      const slots = await freedSlots(deps, doctor, freed, day, settings);
      return (await offerSlots(doctor, slots, settings, { sourceAppointmentId: freed.id, deliverAfter, actor }))
        .notices;
    } catch (error) {
      deps.log.warn({ err: (error as Error).name }, 'waiting-list offers failed; the periodic match retries');
      return [];
    }
  }

  /**
   * The periodic match (new working hours, a slot nobody was offered): every waiting entry without a live
   * offer is matched against its doctors' free slots, earliest first; slots with a live offer are skipped.
   */
  async function matchAvailability(): Promise<number> {
    const settings = await repos.clinic.getSettings();
    const today = clock.today(settings.timeZone).toString();
    const entries = await repo.waitingWithoutOffer(today);
    if (entries.length === 0) return 0;
    const doctors = new Map<string, { doctor: DoctorRecord; from: string; to: string }>();
    for (const entry of entries) {
      const list = entry.doctorId
        ? [await repos.doctors.findById(entry.doctorId)]
        : await repos.doctors.list({ specialtyId: entry.specialtyId! });
      for (const doctor of list) {
        if (!doctor?.active) continue;
        const from = entry.fromDate < today ? today : entry.fromDate;
        const known = doctors.get(doctor.id);
        doctors.set(doctor.id, {
          doctor,
          from: known && known.from < from ? known.from : from,
          to: known && known.to > entry.toDate ? known.to : entry.toDate,
        });
      }
    }
    let sent = 0;
    for (const { doctor, from, to } of doctors.values()) {
      if (from > to) continue;
      const [result] = await deps.appointments.availability([doctor], from, to, settings);
      const offered = new Set((await repo.liveOfferedSlots([doctor.id])).map((slot) => slot.startsAt.getTime()));
      const matches = (slot: { startsAt: Date }) =>
        entries.some((entry) => {
          const day = dateInZone(slot.startsAt, settings.timeZone);
          const forDoctor = entry.doctorId ? entry.doctorId === doctor.id : entry.specialtyId === doctor.specialtyId;
          return (
            forDoctor &&
            entry.fromDate <= day &&
            day <= entry.toDate &&
            inPartOfDay(slot.startsAt, entry.partOfDay, settings.timeZone)
          );
        });
      for (const slot of result?.slots ?? []) {
        if (offered.has(slot.startsAt.getTime()) || !matches(slot)) continue;
        sent += (await offerSlots(doctor, [slot], settings)).sent;
      }
    }
    return sent;
  }

  async function findOffer(token: string) {
    const found = token.length >= 40 && token.length <= 64 ? await repo.findOffer(hashToken(token)) : undefined;
    if (!found) throw notFound(OFFER_NOT_FOUND_MESSAGE);
    return found;
  }

  async function offerView(found: Awaited<ReturnType<typeof findOffer>>): Promise<WaitingOffer> {
    const { offer, entry } = found;
    const [doctor, settings, service] = await Promise.all([
      repos.doctors.findById(offer.doctorId),
      repos.clinic.getSettings(),
      entry.serviceId ? repos.clinicServices.findById(entry.serviceId) : undefined,
    ]);
    let state: WaitingOffer['state'] = 'abierta';
    if (offer.status === 'aceptada') state = 'aceptada';
    else if (entry.status !== 'esperando') state = 'retirada';
    else if (found.mailCancelled || offer.expiresAt.getTime() <= clock.nowMs()) state = 'caducada';
    else {
      const busy = await repos.doctors.busyRanges([offer.doctorId], offer.startsAt, offer.endsAt);
      if (busy.some((range) => range.startsAt < offer.endsAt && range.endsAt > offer.startsAt)) state = 'ocupada';
    }
    return {
      state,
      startsAt: offer.startsAt.toISOString(),
      endsAt: offer.endsAt.toISOString(),
      doctorName: doctor?.displayName ?? '',
      specialty: doctor?.specialty ?? '',
      serviceName: service?.name ?? null,
      timeZone: settings.timeZone,
      manageUrl:
        state === 'aceptada' && offer.appointmentId ? await deps.appointments.manageUrl(offer.appointmentId) : null,
    };
  }

  /**
   * Books an offer's slot through the one booking use case (`appointments/book.ts`): the appointments' exclusion
   * constraint decides between people opening their links at once. The loser gets SLOT_TAKEN with a clear message and stays
   * on the list; opening an accepted offer again just shows it.
   */
  async function accept(token: string, who: AuditContext): Promise<WaitingOffer> {
    const found = await findOffer(token);
    const current = await offerView(found);
    if (current.state === 'aceptada') return current;
    if (current.state === 'retirada') throw new AppError(409, 'CONFLICT', OFFER_WITHDRAWN_MESSAGE);
    if (current.state === 'caducada') throw new AppError(409, 'CONFLICT', OFFER_EXPIRED_MESSAGE);
    const taken = new AppError(409, 'SLOT_TAKEN', OFFER_TAKEN_MESSAGE);
    if (current.state === 'ocupada') throw taken;
    const { offer, entry } = found;
    let view: AppointmentView;
    try {
      // The slot is held for the list: the offer's own booking ignores the hold; an entry with a service was
      // offered a slot of its length, booked for that length and naming the service.
      view = await deps.appointments.book({
        source: 'waiting-list',
        doctorId: offer.doctorId,
        startsAt: offer.startsAt,
        endsAt: offer.endsAt,
        patient: entry.patientId,
        reason: 'Hora de la lista de espera',
        serviceId: entry.serviceId,
        by: { actor: null, ip: who.ip ?? '' },
      });
    } catch (error) {
      if (error instanceof AppError && (error.code === 'SLOT_TAKEN' || error.statusCode === 404)) throw taken;
      throw error;
    }
    await audited(deps.db, (tx) => repo.markAccepted(offer.id, entry.id, view.id, tx), {
      ...who,
      action: 'update',
      entity: 'waiting_list',
      entityId: entry.id,
      patientId: entry.patientId,
      details: { via: 'offer', appointmentId: view.id },
    });
    return offerView((await repo.findOffer(offer.tokenHash))!);
  }

  /**
   * The desk booked a patient into a slot offered to her (a patient without e-mail said yes on the phone):
   * her offer is accepted and her entry done, as if she had opened the link. Never fails the booking.
   */
  async function bookedByDesk(
    view: Pick<AppointmentView, 'id' | 'patientId' | 'doctorId' | 'startsAt'>,
    who: AuditContext,
  ): Promise<void> {
    try {
      const open = await repo.openOfferFor(view.patientId, view.doctorId, view.startsAt);
      if (!open) return;
      await audited(deps.db, (tx) => repo.markAccepted(open.offerId, open.entryId, view.id, tx), {
        ...who,
        action: 'update',
        entity: 'waiting_list',
        entityId: open.entryId,
        patientId: view.patientId,
        details: { via: 'desk', appointmentId: view.id },
      });
    } catch (error) {
      deps.log.warn({ err: (error as Error).name }, 'waiting-list offer not marked as booked');
    }
  }

  return {
    join,
    joinAtDesk,
    joinByContact,
    bookedByDesk,
    leave,
    slotFreed,
    matchAvailability,
    offerView: async (token: string) => offerView(await findOffer(token)),
    accept,
    list: repo.list,
  };
}

export type WaitingListService = ReturnType<typeof createWaitingListService>;
