import type { FastifyBaseLogger } from 'fastify';
import { clock } from '../clock';
import type { Db } from '../db/client';
import type { Tx } from '../db/transaction';
import type { StoredAttachment } from '../db/schema';
import { createMailDelivery, type DeliveryPolicy } from './delivery';
import type { MailAttachment, MailMessage, Mailer } from '../mail/mailer';
import type { OutboxRepository } from './repository';

export interface EnqueueOptions {
  /** The transaction of the change that causes the e-mail: the message exists only if it commits. */
  tx: Tx;
  /** What caused it (`appointment-received`, `reminder`, `password-reset`, `invitation`, …). */
  kind: string;
  appointmentId?: string | null;
  /** Hold it until then (an undo window); `cancel` can stop it before it leaves. */
  deliverAfter?: Date;
}

const stored = ({ filename, contentType, content }: MailAttachment): StoredAttachment =>
  typeof content === 'string'
    ? { filename, contentType, content }
    : { filename, contentType, content: content.toString('base64'), encoding: 'base64' };

/**
 * Every e-mail leaves through here: `enqueue` writes the rendered message in the caller's transaction,
 * and the delivery worker (`platform/outbox/mail-delivery-job.ts`) sends it outside any transaction.
 */
export function createOutbox(deps: {
  db: Db;
  repos: { outbox: OutboxRepository };
  mailer: Mailer;
  log: FastifyBaseLogger;
  policy?: DeliveryPolicy;
}) {
  const repo = deps.repos.outbox;
  const delivery = createMailDelivery({ db: deps.db, repo, mailer: deps.mailer, log: deps.log, policy: deps.policy });

  return {
    /** Writes the message to the outbox in `options.tx`; answers its id (for `cancel`). */
    async enqueue(message: MailMessage, options: EnqueueOptions): Promise<string> {
      const now = clock.now();
      return repo.insert(
        {
          kind: options.kind,
          appointmentId: options.appointmentId ?? null,
          toAddress: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html,
          attachments: (message.attachments ?? []).map(stored),
          deliverAfter: options.deliverAfter ?? now,
          createdAt: now,
        },
        options.tx,
      );
    },
    /** Stops a message that has not left (true), or answers false when it is already sent or being sent. */
    cancel(id: string, tx: Tx): Promise<boolean> {
      return repo.cancel(id, tx);
    },
    /** Delivers every message due now (the worker calls it; tests call it instead of waiting). */
    deliverDue: delivery.deliverDue,
    /** Starts no new send and waits for the ones under way (closing the app). */
    close: delivery.close,
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
