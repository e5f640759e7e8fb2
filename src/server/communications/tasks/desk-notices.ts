import { runsTheDesk } from '../../access';
import type { DeskNotice } from '../../../common/schemas/tasks';
import { clock } from '../../platform';
import type { Tx } from '../../platform';
import { formatWhen } from '../../platform';
import type { Repositories } from '../deps';
import { writeAuditEntry, type AuditEntry } from '../../platform';

type Actor = AuditEntry['actor'];

/** What happened to an appointment that the patient would have been told of by e-mail. */
export type AppointmentNoticeKind = 'received' | 'confirmed' | 'rescheduled' | 'cancelled' | 'reminder';

export interface NoticeAppointment {
  id: string;
  patientId: string;
  patientFirstName: string;
  patientLastName: string;
  patientPhone: string;
  startsAt: Date;
  doctorName: string;
  specialty: string;
  status: string;
  cancelReason: string | null;
  cancelReasonVisible: boolean;
}

/** The key prefix of every notice task about an appointment (an undo drops the ones of the undone change). */
export const appointmentNoticePrefix = (appointmentId: string) => `cita:${appointmentId}:`;

const PURPOSE: Record<AppointmentNoticeKind, string> = {
  received: 'para decirle que hemos recibido su solicitud de cita',
  confirmed: 'para confirmarle su cita',
  rescheduled: 'para avisarle del cambio de su cita',
  cancelled: 'para avisarle de que su cita se ha cancelado',
  reminder: 'para recordarle su cita',
};

/**
 * Desk tasks for the notices a patient cannot receive (today: no e-mail). Each is a «Llamar a …» task,
 * high priority, due today, about the patient, written in the transaction of the change that causes it
 * with its audit entry; its key names the notice, so the same notice never makes two tasks. It goes to
 * the admin acting, or else to the longest-standing active admin (docs/decisions/0028-notices-a-patient-cannot-receive-and-slots-held.md).
 */
export function createDeskNotices(repos: Repositories) {
  /** A high-priority task for the desk, due today, about the patient, made once per key (with its audit entry). */
  async function deskTask(
    tx: Tx,
    input: { patientId: string; noticeKey: string; title: string; description: string; actor: Actor; timeZone: string },
  ) {
    const assigneeId = await repos.tasks.deskAssignee(
      input.actor && runsTheDesk(input.actor.role) ? input.actor.id : null,
      tx,
    );
    if (!assigneeId) return null;
    const made = await repos.tasks.createNotice(
      {
        title: input.title,
        description: input.description,
        assigneeId,
        dueDate: clock.today(input.timeZone).toString(),
        priority: 'alta',
        status: 'pendiente',
        patientId: input.patientId,
        createdBy: input.actor?.id ?? null,
        noticeKey: input.noticeKey,
      },
      tx,
    );
    if (!made) return null;
    if (made.created) {
      await writeAuditEntry(tx, {
        actor: input.actor ? { id: input.actor.id, role: input.actor.role } : null,
        action: 'create',
        entity: 'task',
        entityId: made.task.id,
        patientId: input.patientId,
        details: { via: 'notice', notice: input.noticeKey },
      });
    }
    return made.task;
  }

  async function callTask(
    tx: Tx,
    input: {
      patient: { id: string; firstName: string; lastName: string; phone: string };
      noticeKey: string;
      purpose: string;
      description: string;
      /** Who the desk must call for: the toast's message, after «<nombre> no tiene correo electrónico: ». */
      tell: string;
      actor: Actor;
      timeZone: string;
    },
  ): Promise<DeskNotice | null> {
    const name = `${input.patient.firstName} ${input.patient.lastName}`.trim();
    const phone = input.patient.phone.trim() || 'sin teléfono en la ficha';
    const task = await deskTask(tx, {
      patientId: input.patient.id,
      noticeKey: input.noticeKey,
      title: `Llamar a ${name} (${phone}) ${input.purpose}`,
      description: input.description,
      actor: input.actor,
      timeZone: input.timeZone,
    });
    if (!task) return null;
    const record = await repos.patients.findById(input.patient.id, tx);
    const call = record?.sex === 'mujer' ? 'llámala' : record?.sex === 'hombre' ? 'llámalo' : 'llámale';
    return {
      message: `${input.patient.firstName || name} no tiene correo electrónico: ${call} ${input.tell}.`,
      taskId: task.id,
      taskTitle: task.title,
    };
  }

  /**
   * The desk told that a patient answered «No podré ir» inside the cancellation window (issue 38, decision 0127):
   * the chair is empty at short notice. The visit is cancelled and its time offered to the waiting list already;
   * the task says so, so the desk can fill it or call her for another day.
   */
  async function lateCancellation(
    tx: Tx,
    view: NoticeAppointment,
    context: { timeZone: string; windowHours: number; actor: Actor },
  ): Promise<void> {
    const name = `${view.patientFirstName} ${view.patientLastName}`.trim();
    const when = formatWhen(view.startsAt, context.timeZone);
    const phone = view.patientPhone.trim();
    await deskTask(tx, {
      patientId: view.patientId,
      noticeKey: `${appointmentNoticePrefix(view.id)}aviso-tardio:${view.startsAt.toISOString()}`,
      title: `Aviso tardío: ${name} no vendrá a su cita del ${when}`,
      description: `Ha respondido «No podré ir» al recordatorio con menos de ${context.windowHours} h de antelación, fuera del plazo para cancelar por internet. La cita con ${view.doctorName} (${view.specialty}) queda cancelada y la hora libre: se ofrece a la lista de espera si alguien espera una así.${
        phone ? ` Si quieres darle otra cita, su teléfono es ${phone}.` : ''
      }`,
      actor: context.actor,
      timeZone: context.timeZone,
    });
  }

  /** The call that replaces an appointment's e-mail (booking, confirmation, change, cancellation, reminder). */
  async function forAppointment(
    tx: Tx,
    kind: AppointmentNoticeKind,
    view: NoticeAppointment,
    context: { timeZone: string; actor: Actor; previousStartsAt?: Date },
  ): Promise<DeskNotice | null> {
    const when = formatWhen(view.startsAt, context.timeZone);
    const withDoctor = `con ${view.doctorName} (${view.specialty})`;
    const description = {
      received: `No tiene correo electrónico y no recibe avisos. Dile que hemos recibido su solicitud de cita para el ${when} ${withDoctor} y que la clínica la confirmará.`,
      confirmed: `No tiene correo electrónico y no recibe la confirmación. Dile que tiene cita el ${when} ${withDoctor}.`,
      rescheduled: `No tiene correo electrónico y no recibe avisos. Dile que su cita ${withDoctor} ha cambiado${
        context.previousStartsAt ? `: era el ${formatWhen(context.previousStartsAt, context.timeZone)}` : ''
      } y ahora es el ${when}.`,
      cancelled: `No tiene correo electrónico y no recibe avisos. Dile que su cita del ${when} ${withDoctor} se ha cancelado.${
        view.cancelReasonVisible && view.cancelReason ? ` Motivo que se le puede dar: ${view.cancelReason}.` : ''
      } Si quiere otra cita, ofrécele una nueva hora.`,
      reminder: `No tiene correo electrónico y no recibe el recordatorio. Recuérdale su cita del ${when} ${withDoctor} y pregúntale si vendrá.`,
    }[kind];
    const tell = kind === 'reminder' ? 'para recordarle la cita' : 'para avisarle';
    return callTask(tx, {
      patient: {
        id: view.patientId,
        firstName: view.patientFirstName,
        lastName: view.patientLastName,
        phone: view.patientPhone,
      },
      noticeKey: `${appointmentNoticePrefix(view.id)}${kind}:${view.startsAt.toISOString()}`,
      purpose: PURPOSE[kind],
      description,
      tell,
      actor: context.actor,
      timeZone: context.timeZone,
    });
  }

  /** The call that replaces a waiting-list offer's e-mail: the slot is held for the offer's time. */
  async function forOffer(
    tx: Tx,
    input: {
      offerId: string;
      sourceAppointmentId: string | null;
      patient: { id: string; firstName: string; lastName: string; phone: string };
      startsAt: Date;
      heldUntil: Date;
      doctorName: string;
      specialty: string;
      timeZone: string;
      actor: Actor;
    },
  ): Promise<DeskNotice | null> {
    const when = formatWhen(input.startsAt, input.timeZone);
    const until = formatWhen(input.heldUntil, input.timeZone);
    const key = input.sourceAppointmentId
      ? `${appointmentNoticePrefix(input.sourceAppointmentId)}oferta:${input.offerId}`
      : `oferta:${input.offerId}`;
    return callTask(tx, {
      patient: input.patient,
      noticeKey: key,
      purpose: `para ofrecerle el hueco del ${when}`,
      description: `Está en la lista de espera y no tiene correo electrónico. Se ha liberado una hora que encaja: el ${when} con ${input.doctorName} (${input.specialty}). La hora queda guardada para la lista hasta el ${until}: si la quiere, resérvasela desde «Nueva cita».`,
      tell: 'para ofrecerle el hueco',
      actor: input.actor,
      timeZone: input.timeZone,
    });
  }

  return { forAppointment, forOffer, lateCancellation };
}

export type DeskNotices = ReturnType<typeof createDeskNotices>;
