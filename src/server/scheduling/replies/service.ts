import type { ReplyOutcome } from '../../../common/schemas/messages';
import type { InboundMessage, InboundReplies } from '../../communications';
import { appointmentNoticePrefix } from '../../communications';
import { AppError, clock, formatWhen, plus, transact, writeAuditEntry, type Tx } from '../../platform';
import type { AppointmentView } from '../appointments/repository';
import type { AppointmentService } from '../appointments/service';
import type { ConfirmationService } from '../confirmations/service';
import type { CoreDeps } from '../deps';
import { replyIntent, type ReplyIntent } from './intent';
import { matchReply } from './match';
import { acknowledgment, type Acknowledged } from './texts';

type Deps = Pick<CoreDeps, 'db' | 'repos' | 'channels' | 'events'> & {
  appointments: Pick<AppointmentService, 'manageUrl' | 'ownView'>;
  confirmations: Pick<ConfirmationService, 'confirm' | 'decline'>;
};

const LIVE = ['pendiente', 'confirmada'];

/** Thrown inside a change's transaction when the provider's message is already recorded: the change rolls back. */
class AlreadyRecorded extends Error {}

const isNumber = (from: string) => /^\+\d{8,15}$/.test(from);

/**
 * The patients' replies by SMS and WhatsApp (issue 38, item 2; docs/decisions/0128). A reply is matched to a patient
 * and an appointment by its number (`match.ts`); on an appointment still to come and not cancelled, «SI» confirms
 * it and «NO» declines it through the same two use cases as the reminder e-mail's «Confirmo que iré» / «No podré ir»,
 * and «CAMBIAR» gives the desk a task and her the link to change it while she still may; each rule answers her with a
 * short acknowledgment. Everything else — free text, an appointment past or cancelled, a number of nobody or of
 * several patients — goes to the desk's inbox as it came. Each message is recorded once by its provider's id, in the
 * transaction of whatever it changes, and audited.
 */
export function createInboundReplies(deps: Deps): InboundReplies {
  const { repos } = deps;

  /**
   * Records the message (once: a repeated provider id throws `AlreadyRecorded`, rolling the change back), puts it in
   * her conversation with what it did, and writes the acknowledgment to the outbox and to the conversation.
   */
  async function record(
    tx: Tx,
    message: InboundMessage,
    placed: { patientId: string | null; appointmentId: string | null; outcome: ReplyOutcome; ack: string | null },
  ): Promise<{ conversationId: string | null; inboundId: string }> {
    const now = clock.now();
    let conversationId: string | null = null;
    let messageId: string | null = null;
    if (placed.patientId) {
      conversationId = await repos.messages.ensureForPatient(placed.patientId, tx);
      messageId = await repos.messages.insertChannelMessage(
        {
          conversationId,
          side: 'patient',
          authorId: null,
          body: message.text,
          channel: message.channel,
          appointmentId: placed.appointmentId,
          appliedRule: placed.outcome === 'inbox' ? null : placed.outcome,
          outboxId: null,
          // A confirmation asks nothing of the desk: it arrives read (a cancellation or a change does not).
          readAt: placed.outcome === 'confirmed' ? now : null,
          createdAt: now,
        },
        tx,
      );
    }
    const inboundId = await repos.inboundMessages.insert(
      {
        channel: message.channel,
        providerMessageId: message.providerMessageId,
        fromNumber: message.from,
        body: message.text,
        receivedAt: now,
        patientId: placed.patientId,
        appointmentId: placed.appointmentId,
        outcome: placed.outcome,
        messageId,
      },
      tx,
    );
    if (!inboundId) throw new AlreadyRecorded();
    if (conversationId && placed.ack && isNumber(message.from) && deps.channels.providersOn()[message.channel]) {
      const outboxId = await deps.channels.enqueue(
        {
          kind: 'reply-ack',
          channel: message.channel,
          appointmentId: placed.appointmentId,
          toNumber: message.from,
          body: placed.ack,
          templateParams: [],
          fallbackEmail: null,
        },
        tx,
      );
      await repos.messages.insertChannelMessage(
        {
          conversationId,
          side: 'staff',
          authorId: null,
          body: placed.ack,
          channel: message.channel,
          appointmentId: placed.appointmentId,
          appliedRule: null,
          outboxId,
          readAt: null,
          // Just after her message, so the conversation shows them in that order.
          createdAt: plus(now, { milliseconds: 1 }),
        },
        tx,
      );
    }
    await writeAuditEntry(tx, {
      actor: null,
      action: 'create',
      entity: 'conversation',
      ...(conversationId ? { entityId: conversationId } : {}),
      ...(placed.patientId ? { patientId: placed.patientId } : {}),
      details: {
        inboundMessage: inboundId,
        channel: message.channel,
        outcome: placed.outcome,
        appointmentId: placed.appointmentId,
      },
    });
    return { conversationId, inboundId };
  }

  /** The desk hears of it live: the conversation (or the «sin paciente» list) is refreshed on their screens. */
  async function announce(placed: { conversationId: string | null; inboundId: string }) {
    const summary = placed.conversationId ? await repos.messages.summary(placed.conversationId) : undefined;
    await deps.events.publish({
      type: 'message',
      conversationId: placed.conversationId ?? placed.inboundId,
      change: 'message',
      patientAccountId: summary?.patientAccountId ?? null,
    });
  }

  const toInbox = async (message: InboundMessage, patientId: string | null, appointmentId: string | null) =>
    announce(
      await transact(deps.db, (tx) => record(tx, message, { patientId, appointmentId, outcome: 'inbox', ack: null })),
    );

  /** Applies the rule of `intent` to a live appointment of hers; throws the use case's 409 if it changed meanwhile. */
  async function applyRule(message: InboundMessage, view: AppointmentView, intent: ReplyIntent) {
    const settings = await repos.clinic.getSettings();
    const ack = (done: Acknowledged) =>
      acknowledgment(
        message.channel,
        { clinicName: settings.name, startsAt: view.startsAt, timeZone: settings.timeZone },
        done,
      );
    const at = { patientId: view.patientId, appointmentId: view.id };
    let placed: { conversationId: string | null; inboundId: string } | undefined;
    const who = { actor: null, details: { via: message.channel } };

    if (intent === 'confirm') {
      await deps.confirmations.confirm(view, who, {
        via: message.channel,
        alsoWrite: async (tx) => {
          placed = await record(tx, message, { ...at, outcome: 'confirmed', ack: ack({ rule: 'confirmed' }) });
        },
      });
    } else if (intent === 'decline') {
      await deps.confirmations.decline(view, who, {
        via: message.channel,
        alsoWrite: async (tx) => {
          const text = ack({ rule: 'declined', clinicPhone: settings.phone });
          placed = await record(tx, message, { ...at, outcome: 'declined', ack: text });
        },
      });
    } else {
      const own = await deps.appointments.ownView(view);
      const changeUrl = own.canChange ? await deps.appointments.manageUrl(view.id) : null;
      placed = await transact(deps.db, async (tx) => {
        const done = await record(tx, message, {
          ...at,
          outcome: 'change-requested',
          ack: ack({ rule: 'change-requested', changeUrl }),
        });
        await changeTask(tx, message, view, settings.timeZone, changeUrl !== null);
        return done;
      });
    }
    if (placed) await announce(placed);
  }

  /** «Quiere cambiar la cita del …»: a desk task about her, due today, once per reply. */
  async function changeTask(
    tx: Tx,
    message: InboundMessage,
    view: AppointmentView,
    timeZone: string,
    linkSent: boolean,
  ) {
    const assigneeId = await repos.tasks.deskAssignee(null, tx);
    if (!assigneeId) return;
    const name = `${view.patientFirstName} ${view.patientLastName}`.trim();
    const channel = message.channel === 'sms' ? 'SMS' : 'WhatsApp';
    const made = await repos.tasks.createNotice(
      {
        title: `Quiere cambiar la cita del ${formatWhen(view.startsAt, timeZone)}: ${name} (${message.from})`,
        description: `Ha respondido «${message.text}» por ${channel} al recordatorio de su cita con ${view.doctorName}. ${
          linkSent
            ? 'Le hemos enviado el enlace para cambiarla ella misma; si no lo hace, llámala para darle otra hora.'
            : 'Ya no puede cambiarla por internet: llámala para darle otra hora.'
        }`,
        assigneeId,
        dueDate: clock.today(timeZone).toString(),
        priority: 'alta',
        status: 'pendiente',
        patientId: view.patientId,
        createdBy: null,
        noticeKey: `${appointmentNoticePrefix(view.id)}cambiar:${message.channel}:${message.providerMessageId}`,
      },
      tx,
    );
    if (made?.created) {
      await writeAuditEntry(tx, {
        actor: null,
        action: 'create',
        entity: 'task',
        entityId: made.task.id,
        patientId: view.patientId,
        details: { via: message.channel, reply: 'cambiar' },
      });
    }
  }

  async function receive(message: InboundMessage): Promise<void> {
    if (await repos.inboundMessages.exists(message.channel, message.providerMessageId)) return;
    const match = await matchReply(deps, message);
    const view = match.appointmentId ? await repos.appointments.findView(match.appointmentId) : undefined;
    const live = view && LIVE.includes(view.status) && view.startsAt.getTime() > clock.nowMs();
    const intent = replyIntent(message.text);
    try {
      if (match.patientId && view && live && intent) {
        try {
          await applyRule(message, view, intent);
          return;
        } catch (error) {
          // The appointment changed meanwhile (cancelled, begun): the rule no longer applies; the desk reads it.
          if (!(error instanceof AppError && error.statusCode === 409)) throw error;
        }
      }
      await toInbox(message, match.patientId, view?.id ?? null);
    } catch (error) {
      // The same message, handled meanwhile by another delivery of the webhook: nothing more to do.
      if (!(error instanceof AlreadyRecorded)) throw error;
    }
  }

  return { receive };
}
