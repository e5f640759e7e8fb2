import { and, asc, count, desc, eq, exists, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { MessageSide, ReplyRule } from '../../../common/schemas/messages';
import type { PhoneChannel } from '../../../common/schemas/channels';
import { normalizeSearchText } from '../../../common/search-text';
import { INBOX_ROLES, visibleConversations } from '../../access';
import type { Visibility } from '../../access';
import { clock } from '../../platform';
import type { Db } from '../../platform';
import { accounts, appointments, conversations, messageOutbox, messages, patients, profiles } from '../../platform';
import { transact, type Tx } from '../../platform';

export type MessageRow = typeof messages.$inferSelect & {
  authorName: string;
  /** The appointment a reply by phone refers to. */
  appointment: { id: string; startsAt: Date; status: string } | null;
  /** A clinic's message by phone: its provider's latest status, or the outbox's while not yet sent. */
  delivery: string | null;
};

/** A message that came or went by SMS or WhatsApp. */
export interface ChannelMessageInput {
  conversationId: string;
  side: MessageSide;
  /** The staff member who wrote it; null for the patient's reply and the clinic's automatic acknowledgment. */
  authorId: string | null;
  body: string;
  channel: PhoneChannel;
  appointmentId: string | null;
  appliedRule: ReplyRule | null;
  outboxId: string | null;
  /** A reply the rules settled needs no reading (a confirmation): it arrives read. */
  readAt: Date | null;
}

export interface ConversationSummaryRow {
  id: string;
  patientId: string;
  patientAccountId: string | null;
  patientName: string;
  patientEmail: string;
  assignedTo: { id: string; name: string } | null;
  lastMessageAt: Date | null;
  lastMessage: string;
  unread: number;
}

export interface InboxFilters {
  q?: string;
  assignedTo?: string;
}

/** The side whose messages the other side reads. */
export const otherSide = (side: MessageSide): MessageSide => (side === 'patient' ? 'staff' : 'patient');

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

export function createMessagesRepository(db: Db) {
  const unreadByPatient = sql<number>`(SELECT count(*)::int FROM ${messages} m WHERE m.conversation_id = ${conversations.id} AND m.side = 'patient' AND m.read_at IS NULL)`;
  const lastBody = sql<string>`coalesce((SELECT m.body FROM ${messages} m WHERE m.conversation_id = ${conversations.id} ORDER BY m.created_at DESC, m.id DESC LIMIT 1), '')`;
  const assignee = sql<
    string | null
  >`(SELECT coalesce(nullif(p.display_name, ''), p.email) FROM ${profiles} p WHERE p.id = ${conversations.assignedTo})`;

  async function summaries(where: SQL | undefined, tx: Db, limit = 200): Promise<ConversationSummaryRow[]> {
    const rows = await tx
      .select({
        id: conversations.id,
        patientId: conversations.patientId,
        patientAccountId: patients.accountId,
        firstName: patients.firstName,
        lastName: patients.lastName,
        email: patients.email,
        accountEmail: accounts.email,
        assignedToId: conversations.assignedTo,
        assignedToName: assignee,
        lastMessageAt: conversations.lastMessageAt,
        lastMessage: lastBody,
        unread: unreadByPatient,
      })
      .from(conversations)
      .innerJoin(patients, eq(patients.id, conversations.patientId))
      .leftJoin(accounts, eq(accounts.id, patients.accountId))
      .where(where)
      .orderBy(sql`${conversations.lastMessageAt} DESC NULLS LAST`, desc(conversations.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      patientId: row.patientId,
      patientAccountId: row.patientAccountId,
      patientName: `${row.firstName} ${row.lastName}`.trim(),
      patientEmail: row.email || row.accountEmail || '',
      assignedTo: row.assignedToId ? { id: row.assignedToId, name: row.assignedToName ?? '' } : null,
      lastMessageAt: row.lastMessageAt,
      lastMessage: row.lastMessage,
      unread: Number(row.unread),
    }));
  }

  /** The inbox: newest activity first, filtered by words of the patient's name/e-mail or of a message. */
  async function inbox(filters: InboxFilters, visible: SQL | undefined, tx: Db): Promise<ConversationSummaryRow[]> {
    const conditions: SQL[] = [sql`${conversations.lastMessageAt} IS NOT NULL`];
    if (visible) conditions.push(visible);
    if (filters.assignedTo) conditions.push(eq(conversations.assignedTo, filters.assignedTo));
    const q = filters.q?.trim();
    if (q) {
      const normalized = `%${escapeLike(normalizeSearchText(q))}%`;
      const raw = `%${escapeLike(q)}%`;
      conditions.push(
        or(
          ilike(patients.searchText, normalized),
          ilike(accounts.email, raw),
          exists(
            tx
              .select({ one: sql`1` })
              .from(messages)
              .where(and(eq(messages.conversationId, conversations.id), ilike(messages.body, raw))),
          ),
        )!,
      );
    }
    return summaries(and(...conditions), tx);
  }

  /** Messages with their author's name, the appointment a reply refers to and a phone message's delivery status. */
  const selectMessages = (tx: Db) =>
    tx
      .select({
        message: messages,
        authorName: sql<string>`coalesce(nullif(${profiles.displayName}, ''), ${profiles.email}, '')`,
        appointmentStartsAt: appointments.startsAt,
        appointmentStatus: appointments.status,
        outboxStatus: messageOutbox.status,
        deliveryStatus: messageOutbox.deliveryStatus,
      })
      .from(messages)
      .leftJoin(profiles, eq(profiles.id, messages.authorId))
      .leftJoin(appointments, eq(appointments.id, messages.appointmentId))
      .leftJoin(messageOutbox, eq(messageOutbox.id, messages.outboxId));

  const toMessageRow = (row: Awaited<ReturnType<typeof selectMessages>>[number]): MessageRow => ({
    ...row.message,
    authorName: row.authorName,
    appointment:
      row.message.appointmentId && row.appointmentStartsAt
        ? { id: row.message.appointmentId, startsAt: row.appointmentStartsAt, status: row.appointmentStatus ?? '' }
        : null,
    delivery: row.outboxStatus
      ? row.outboxStatus === 'failed'
        ? 'failed'
        : (row.deliveryStatus ?? row.outboxStatus)
      : null,
  });

  return {
    /** The patient's conversation, made on first use (one per patient: the unique index keeps it so). */
    async ensureForPatient(patientId: string, tx: Tx): Promise<string> {
      await tx
        .insert(conversations)
        .values({ patientId, createdAt: clock.now() })
        .onConflictDoNothing({ target: conversations.patientId });
      const [row] = await tx
        .select({ id: conversations.id })
        .from(conversations)
        .where(eq(conversations.patientId, patientId));
      return row!.id;
    },

    /** The patient's conversation, if one was ever started (a read: nothing is created). */
    async conversationIdOf(patientId: string, tx: Db = db): Promise<string | undefined> {
      const [row] = await tx
        .select({ id: conversations.id })
        .from(conversations)
        .where(eq(conversations.patientId, patientId));
      return row?.id;
    },

    /** The reads a route makes: only the conversations `visibility` reaches (`access/ownership.ts`). */
    visibleTo(visibility: Visibility) {
      const visible = visibleConversations(visibility);
      return {
        inbox: (filters: InboxFilters, tx: Db = db) => inbox(filters, visible, tx),
        /** The conversation, or undefined when it does not exist or is not this request's to see. */
        summary: async (id: string, tx: Db = db): Promise<ConversationSummaryRow | undefined> => {
          const [row] = await summaries(and(eq(conversations.id, id), visible), tx, 1);
          return row;
        },
      };
    },

    /** The whole clinic's inbox (the routes read theirs through `visibleTo`). */
    inbox: (filters: InboxFilters, tx: Db = db) => inbox(filters, undefined, tx),

    async summary(id: string, tx: Db = db): Promise<ConversationSummaryRow | undefined> {
      const [row] = await summaries(eq(conversations.id, id), tx, 1);
      return row;
    },

    /** Unread patient messages over the whole clinic. */
    async totalUnread(tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(messages)
        .where(and(eq(messages.side, 'patient'), isNull(messages.readAt)));
      return Number(row?.n ?? 0);
    },

    /** The clinic's replies a paciente has not opened yet (their dashboard's count; not those her phone received). */
    async unreadForPatient(patientId: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(
          and(
            eq(conversations.patientId, patientId),
            eq(messages.side, 'staff'),
            isNull(messages.readAt),
            isNull(messages.channel),
          ),
        );
      return Number(row?.n ?? 0);
    },

    /** Who may answer the inbox: active accounts of a role that answers it (`access/roles.ts`'s `answersInbox`). */
    async inboxTeam(tx: Db = db) {
      const rows = await tx
        .select({
          id: profiles.id,
          name: sql<string>`coalesce(nullif(${profiles.displayName}, ''), ${profiles.email})`,
        })
        .from(profiles)
        .innerJoin(accounts, eq(accounts.id, profiles.id))
        .where(and(inArray(profiles.role, [...INBOX_ROLES]), eq(accounts.active, true)))
        .orderBy(asc(profiles.displayName));
      return rows;
    },

    /** Whether this account is one of `inboxTeam`: someone a conversation may be assigned to. */
    async answersInbox(accountId: string, tx: Db = db): Promise<boolean> {
      const rows = await this.inboxTeam(tx);
      return rows.some((row) => row.id === accountId);
    },

    async messages(conversationId: string, tx: Db = db): Promise<MessageRow[]> {
      const rows = await selectMessages(tx)
        .where(eq(messages.conversationId, conversationId))
        .orderBy(asc(messages.createdAt), asc(messages.id));
      return rows.map(toMessageRow);
    },

    /** Marks read what `side` wrote and the other side has not opened yet; answers how many. */
    async markRead(conversationId: string, side: MessageSide, tx: Tx): Promise<number> {
      const marked = await tx
        .update(messages)
        .set({ readAt: clock.now() })
        .where(and(eq(messages.conversationId, conversationId), eq(messages.side, side), isNull(messages.readAt)))
        .returning({ id: messages.id });
      return marked.length;
    },

    /** One message with its author's name: what a send answers, without reading the whole conversation. */
    async messageWithAuthor(id: string, tx: Db = db): Promise<MessageRow | undefined> {
      const [row] = await selectMessages(tx).where(eq(messages.id, id));
      return row && toMessageRow(row);
    },

    /** Stores a message; a second send of the same id stores nothing and answers false. */
    async insertMessage(
      input: { id: string; conversationId: string; authorId: string; side: MessageSide; body: string },
      tx: Tx,
    ): Promise<boolean> {
      const now = clock.now();
      const inserted = await tx
        .insert(messages)
        .values({ ...input, createdAt: now })
        .onConflictDoNothing({ target: messages.id })
        .returning({ id: messages.id });
      if (inserted.length === 0) return false;
      await tx.update(conversations).set({ lastMessageAt: now }).where(eq(conversations.id, input.conversationId));
      return true;
    },

    /**
     * Stores a message that came or went by SMS or WhatsApp, and moves the conversation up the inbox. A clinic's
     * message by phone is never e-mailed as «tienes un mensaje» (it reached her phone): it is stored as notified.
     * Answers its id, or null when a message of that id is already stored (a repeated send).
     */
    async insertChannelMessage(
      input: ChannelMessageInput & { id?: string; createdAt?: Date },
      tx: Tx,
    ): Promise<string | null> {
      const now = clock.now();
      const [row] = await tx
        .insert(messages)
        .values({
          ...input,
          id: input.id ?? randomUUID(),
          createdAt: input.createdAt ?? now,
          notifiedAt: input.side === 'staff' ? now : null,
        })
        .onConflictDoNothing({ target: messages.id })
        .returning({ id: messages.id });
      if (!row) return null;
      await tx.update(conversations).set({ lastMessageAt: now }).where(eq(conversations.id, input.conversationId));
      return row.id;
    },

    /** Names the outbox row that carries a message by phone. */
    async setOutbox(messageId: string, outboxId: string, tx: Tx) {
      await tx.update(messages).set({ outboxId }).where(eq(messages.id, messageId));
    },

    async assign(conversationId: string, accountId: string | null, tx: Tx) {
      await tx.update(conversations).set({ assignedTo: accountId }).where(eq(conversations.id, conversationId));
    },

    /**
     * Staff replies still unread `minutes` after they were sent and not yet e-mailed: claimed with
     * FOR UPDATE SKIP LOCKED (several instances never take the same ones), grouped per conversation, and
     * marked notified in the transaction that writes the conversation's one e-mail.
     */
    async claimUnreadReplies(
      before: Date,
      limit: number,
      enqueue: (conversation: ConversationSummaryRow, tx: Tx) => Promise<void>,
    ): Promise<number> {
      return transact(db, async (tx) => {
        const due = await tx
          .select({ id: messages.id, conversationId: messages.conversationId })
          .from(messages)
          .where(
            and(
              eq(messages.side, 'staff'),
              isNull(messages.readAt),
              isNull(messages.notifiedAt),
              lte(messages.createdAt, before),
            ),
          )
          .orderBy(asc(messages.createdAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        const byConversation = new Map<string, string[]>();
        for (const row of due)
          byConversation.set(row.conversationId, [...(byConversation.get(row.conversationId) ?? []), row.id]);
        let sent = 0;
        for (const [conversationId, ids] of byConversation) {
          const conversation = await this.summary(conversationId, tx);
          if (conversation) {
            await enqueue(conversation, tx);
            sent++;
          }
          await tx.update(messages).set({ notifiedAt: clock.now() }).where(inArray(messages.id, ids));
        }
        return sent;
      });
    },
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
