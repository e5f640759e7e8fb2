import type { ConversationSummary, Message, MessageSide, SendMessageInput } from '../../../common/schemas/messages';
import { paths } from '../../../common/paths';
import { clock, minus } from '../../platform';
import { AppError, notFound, transact, validationError } from '../../platform';
import { unreadReplyEmail } from './emails';
import type { RequestUser } from '../../access';
import { audited, type AuditContext } from '../../platform';
import { otherSide, type ConversationSummaryRow, type MessageRow } from './repository';
import type { CoreDeps } from '../deps';

export const CONVERSATION_NOT_FOUND = 'Conversación no encontrada';
/** A staff reply left unread this long is e-mailed to the patient. */
export const UNREAD_REPLY_EMAIL_MINUTES = 15;

export const presentMessage = (row: MessageRow): Message => ({
  id: row.id,
  side: row.side,
  authorName: row.side === 'staff' ? row.authorName || 'Clínica' : row.authorName,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

export const presentSummary = ({
  patientAccountId: _account,
  ...row
}: ConversationSummaryRow): ConversationSummary => ({
  ...row,
  lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
});

/** The rules both sides share: reading marks the other side's messages read; sending is idempotent on the id. */
export function createMessagesService(deps: Pick<CoreDeps, 'config' | 'db' | 'repos' | 'outbox' | 'events'>) {
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
    return rows.map(presentMessage);
  }

  /**
   * Sends a message. The id is the browser's: a repeated send (a retry after a lost answer) finds the
   * message already stored and answers it again without storing, auditing or announcing it twice.
   */
  async function send(
    conversation: ConversationSummaryRow,
    side: MessageSide,
    author: RequestUser,
    input: SendMessageInput & { body: string },
    context: AuditContext,
  ): Promise<{ created: boolean; message: Message }> {
    const existing = await repo.messageWithAuthor(input.id);
    if (existing) return { created: false, message: sameMessage(existing, conversation.id, author.id) };
    const created = await audited(
      deps.db,
      (tx) =>
        repo.insertMessage(
          { id: input.id, conversationId: conversation.id, authorId: author.id, side, body: input.body },
          tx,
        ),
      {
        ...context,
        action: 'create',
        entity: 'conversation',
        entityId: conversation.id,
        patientId: conversation.patientId,
        details: { messageId: input.id },
      },
    );
    const stored = await repo.messageWithAuthor(input.id);
    if (!stored) throw new AppError(409, 'CONFLICT');
    if (created) await publish(conversation, 'message');
    return { created, message: sameMessage(stored, conversation.id, author.id) };
  }

  /**
   * The stored message of a repeated id: only the same author in the same conversation may repeat it.
   * Read by id, not by reading the whole conversation (which made every send cost O(messages) under load).
   */
  function sameMessage(row: MessageRow, conversationId: string, authorId: string) {
    if (row.conversationId !== conversationId || row.authorId !== authorId)
      throw new AppError(409, 'CONFLICT', 'Ese mensaje ya existe.');
    return presentMessage(row);
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

  return {
    publish,
    requireConversation,
    open,
    send,
    enqueueUnreadReplyEmails,
    inboxTotals,
    assign,
    conversationOfPatient,
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
