import type {
  ConversationSummary,
  Message,
  MessageSide,
  ReplyVia,
  SendMessageInput,
  UnmatchedMessage,
} from '../../../common/schemas/messages';
import { paths } from '../../../common/paths';
import { clock, minus } from '../../platform';
import { AppError, notFound, transact, validationError } from '../../platform';
import { unreadReplyEmail } from './emails';
import type { RequestUser } from '../../access';
import { audited, type AuditContext } from '../../platform';
import { otherSide, type ConversationSummaryRow, type MessageRow } from './repository';
import type { CoreDeps } from '../deps';
import { deskReplyTarget, enqueueDeskReply, replyChannelsOf } from './by-phone';

export const CONVERSATION_NOT_FOUND = 'Conversación no encontrada';
export const UNMATCHED_NOT_FOUND =
  'Ese mensaje ya no está en la lista «Sin paciente»: quizá otra persona lo ha vinculado.';
/** A staff reply left unread this long is e-mailed to the patient. */
export const UNREAD_REPLY_EMAIL_MINUTES = 15;

/** A message as the screens show it; `patientName` names a reply by phone, which has no author account. */
export const presentMessage = (row: MessageRow, patientName = ''): Message => ({
  id: row.id,
  side: row.side,
  authorName: row.side === 'staff' ? row.authorName || 'Clínica' : row.authorName || patientName,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
  channel: row.channel,
  appointment: row.appointment && { ...row.appointment, startsAt: row.appointment.startsAt.toISOString() },
  rule: row.appliedRule,
  delivery: row.delivery,
});

export const presentSummary = ({
  patientAccountId: _account,
  ...row
}: ConversationSummaryRow): ConversationSummary => ({
  ...row,
  lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
});

/** The rules both sides share: reading marks the other side's messages read; sending is idempotent on the id. */
export function createMessagesService(
  deps: Pick<CoreDeps, 'config' | 'db' | 'repos' | 'outbox' | 'events' | 'channels'>,
) {
  const repo = deps.repos.messages;

  const publish = (
    conversation: Pick<ConversationSummaryRow, 'id' | 'patientAccountId'>,
    change: 'message' | 'read' | 'assigned',
  ) =>
    deps.events.publish({
      type: 'message',
      conversationId: conversation.id,
      change,
      patientAccountId: conversation.patientAccountId,
    });

  /** The conversation, or 404 when it does not exist or is not one `conversations` (the request's scope) reaches. */
  async function requireConversation(
    conversations: Pick<ReturnType<typeof repo.visibleTo>, 'summary'>,
    id: string,
  ): Promise<ConversationSummaryRow> {
    const conversation = await conversations.summary(id);
    if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
    return conversation;
  }

  /** Opens a conversation as `reader`: its unread messages from the other side become read (audited). */
  async function open(conversation: ConversationSummaryRow, reader: MessageSide, context: AuditContext) {
    const { rows, marked } = await audited(
      deps.db,
      async (tx) => {
        const marked = await repo.markRead(conversation.id, otherSide(reader), tx);
        return { marked, rows: await repo.messages(conversation.id, tx) };
      },
      ({ rows, marked }) => ({
        ...context,
        action: 'read',
        entity: 'conversation',
        entityId: conversation.id,
        patientId: conversation.patientId,
        details: { messages: rows.length, markedRead: marked },
      }),
    );
    if (marked > 0) await publish(conversation, 'read');
    return rows.map((row) => presentMessage(row, conversation.patientName));
  }

  /**
   * Sends a message. The id is the browser's: a repeated send (a retry after a lost answer) finds the
   * message already stored and answers it again without storing, auditing or announcing it twice. The desk may
   * send it by SMS or WhatsApp (`via`): then it also goes to the outbox, in the same transaction.
   */
  async function send(
    conversation: ConversationSummaryRow,
    side: MessageSide,
    author: RequestUser,
    input: SendMessageInput & { body: string; via?: ReplyVia },
    context: AuditContext,
  ): Promise<{ created: boolean; message: Message }> {
    const existing = await repo.messageWithAuthor(input.id);
    if (existing) return { created: false, message: sameMessage(existing, conversation, author.id) };
    const via = side === 'staff' && input.via && input.via !== 'web' ? input.via : null;
    const to = via ? await deskReplyTarget(deps, conversation.patientId, via) : null;
    const created = await audited(
      deps.db,
      async (tx) => {
        if (!via || !to)
          return repo.insertMessage(
            { id: input.id, conversationId: conversation.id, authorId: author.id, side, body: input.body },
            tx,
          );
        const stored = await repo.insertChannelMessage(
          {
            id: input.id,
            conversationId: conversation.id,
            side,
            authorId: author.id,
            body: input.body,
            channel: via,
            appointmentId: null,
            appliedRule: null,
            outboxId: null,
            readAt: null,
          },
          tx,
        );
        if (!stored) return false;
        const outboxId = await enqueueDeskReply(deps, { channel: via, to, body: input.body }, tx);
        await repo.setOutbox(stored, outboxId, tx);
        return true;
      },
      {
        ...context,
        action: 'create',
        entity: 'conversation',
        entityId: conversation.id,
        patientId: conversation.patientId,
        details: { messageId: input.id, ...(via ? { via } : {}) },
      },
    );
    const stored = await repo.messageWithAuthor(input.id);
    if (!stored) throw new AppError(409, 'CONFLICT');
    if (created) await publish(conversation, 'message');
    return { created, message: sameMessage(stored, conversation, author.id) };
  }

  /**
   * The stored message of a repeated id: only the same author in the same conversation may repeat it.
   * Read by id, not by reading the whole conversation (which made every send cost O(messages) under load).
   */
  function sameMessage(row: MessageRow, conversation: ConversationSummaryRow, authorId: string) {
    if (row.conversationId !== conversation.id || row.authorId !== authorId)
      throw new AppError(409, 'CONFLICT', 'Ese mensaje ya existe.');
    return presentMessage(row, conversation.patientName);
  }

  /** Writes one «tienes un mensaje» e-mail per conversation whose staff replies stayed unread 15 minutes. */
  async function enqueueUnreadReplyEmails(now = clock.now()): Promise<number> {
    const settings = await deps.repos.clinic.getSettings();
    const before = minus(now, { minutes: UNREAD_REPLY_EMAIL_MINUTES });
    return repo.claimUnreadReplies(before, 200, async (conversation, tx) => {
      if (!conversation.patientEmail) return;
      const message = unreadReplyEmail({
        to: conversation.patientEmail,
        patientName: conversation.patientName,
        clinicName: settings.name,
        link: `${deps.config.publicUrl}${paths.patient.messages}`,
      });
      await deps.outbox.enqueue(message, { tx, kind: 'message-unread' });
    });
  }

  /** The clinic's unread inbox and who may answer it (the inbox screen's counter and assignee list). */
  const inboxTotals = () => Promise.all([repo.totalUnread(), repo.inboxTeam()]);

  /** Assigns a conversation to someone who answers the inbox (or to nobody, null), audited and announced. */
  async function assign(conversation: ConversationSummaryRow, assignedTo: string | null, context: AuditContext) {
    if (assignedTo && !(await repo.answersInbox(assignedTo)))
      throw validationError({ assignedTo: 'Elige a alguien del equipo de la clínica' });
    await audited(deps.db, (tx) => repo.assign(conversation.id, assignedTo, tx), {
      ...context,
      action: 'update',
      entity: 'conversation',
      entityId: conversation.id,
      patientId: conversation.patientId,
      details: { assignedTo },
    });
    await publish(conversation, 'assigned');
  }

  /** The id of the patient's conversation, made on first use so her screen always has one. */
  const conversationOfPatient = (patientId: string) => transact(deps.db, (tx) => repo.ensureForPatient(patientId, tx));

  /** The «sin paciente» list: replies by phone from numbers no patient was matched to. */
  async function unmatched(): Promise<UnmatchedMessage[]> {
    const rows = await deps.repos.inboundMessages.unmatched();
    return rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      fromNumber: row.fromNumber,
      body: row.body,
      receivedAt: row.receivedAt.toISOString(),
    }));
  }

  /**
   * Links an unmatched reply to a patient (the desk knows whose number it is): it joins her conversation as it came,
   * unread, with its channel; no rule is applied afterwards — the desk reads it and acts. Audited; a message linked
   * meanwhile by someone else is not found.
   */
  async function linkUnmatched(id: string, patientId: string, by: RequestUser, context: AuditContext) {
    const conversationId = await audited(
      deps.db,
      async (tx) => {
        const row = await deps.repos.inboundMessages.lockUnmatched(id, tx);
        if (!row) throw notFound(UNMATCHED_NOT_FOUND);
        const conversation = await repo.ensureForPatient(patientId, tx);
        const messageId = await repo.insertChannelMessage(
          {
            conversationId: conversation,
            side: 'patient',
            authorId: null,
            body: row.body,
            channel: row.channel,
            appointmentId: null,
            appliedRule: null,
            outboxId: null,
            readAt: null,
            createdAt: row.receivedAt,
          },
          tx,
        );
        await deps.repos.inboundMessages.link(id, { patientId, messageId: messageId!, by: by.id, at: clock.now() }, tx);
        return conversation;
      },
      (conversation) => ({
        ...context,
        action: 'update',
        entity: 'conversation',
        entityId: conversation,
        patientId,
        details: { linkedInboundMessage: id },
      }),
    );
    const summary = await repo.summary(conversationId);
    if (summary) await publish(summary, 'message');
    return { conversationId };
  }

  /** How the desk may answer this conversation's patient by phone (the reply box's «Enviar por»). */
  const replyChannels = (conversation: ConversationSummaryRow) => replyChannelsOf(deps, conversation.patientId);

  return {
    publish,
    requireConversation,
    open,
    send,
    replyChannels,
    unmatched,
    linkUnmatched,
    enqueueUnreadReplyEmails,
    inboxTotals,
    assign,
    conversationOfPatient,
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
