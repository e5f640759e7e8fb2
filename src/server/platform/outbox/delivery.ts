import type { FastifyBaseLogger } from 'fastify';
import { transact } from '../db/transaction';
import type { Db } from '../db/client';
import { clock } from '../clock';
import type { MailMessage, Mailer } from '../mail/mailer';
import { createLeasedDelivery, type DeliveryPolicy, type DeliveryResult } from './leased-delivery';
import type { OutboxRepository, OutboxRow } from './repository';
import { plus, durationMs } from '../dates';

export type { DeliveryPolicy, DeliveryResult };

/** 30 s, 1, 2, 4, … minutes, at most an hour apart; 12 attempts cover about 6 hours of a mail server being down. */
export const DELIVERY_POLICY: DeliveryPolicy = {
  batchSize: 20,
  leaseMs: durationMs({ minutes: 5 }),
  sendWithinMs: durationMs({ minutes: 2 }),
  maxAttempts: 12,
  retryDelayMs: (attempts) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), durationMs({ hours: 1 })),
};

/** The stored message as the mailer takes it. */
function messageOf(row: OutboxRow): MailMessage {
  return {
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    ...(row.attachments.length
      ? {
          attachments: row.attachments.map(({ filename, contentType, content, encoding }) => ({
            filename,
            contentType,
            content: encoding === 'base64' ? Buffer.from(content, 'base64') : content,
          })),
        }
      : {}),
  };
}

/** What the mail server said, short: kept as the message's last error. */
function describeFailure(error: unknown): string {
  const { code, responseCode, message } = error as { code?: string; responseCode?: number; message?: string };
  return [code, responseCode, message ?? String(error)].filter(Boolean).join(' ').slice(0, 500);
}

/**
 * Delivers due outbox messages: claims a batch in one short statement (FOR UPDATE SKIP LOCKED, marked
 * `sending` with a lease), sends each outside any transaction, then marks it sent or schedules another
 * attempt. A worker that dies between sending and marking leaves the row `sending`; it is sent again
 * after the lease: delivery is at least once, and twice only across such a crash.
 */
export function createMailDelivery(deps: {
  db: Db;
  repo: OutboxRepository;
  mailer: Mailer;
  log: FastifyBaseLogger;
  policy?: DeliveryPolicy;
}) {
  const { db, repo, mailer, log } = deps;
  const policy = deps.policy ?? DELIVERY_POLICY;

  async function deliverOne(claim: OutboxRow, result: DeliveryResult) {
    try {
      await mailer.send(messageOf(claim));
    } catch (error) {
      const lastError = describeFailure(error);
      const retryAt =
        claim.attempts < policy.maxAttempts
          ? plus(clock.now(), { milliseconds: policy.retryDelayMs(claim.attempts) })
          : null;
      await transact(db, (tx) => repo.markFailed(claim, lastError, retryAt, tx));
      const fields = {
        outboxId: claim.id,
        kind: claim.kind,
        attempts: claim.attempts,
        code: (error as { code?: string }).code,
      };
      if (retryAt) {
        result.retried++;
        log.warn({ ...fields, retryAt: retryAt.toISOString() }, 'e-mail not delivered; it will be tried again');
      } else {
        result.failed++;
        log.error(fields, 'e-mail not delivered after every attempt; kept as failed in mail_outbox');
      }
      return;
    }
    result.sent++;
    if (!(await transact(db, (tx) => repo.markSent(claim, clock.now(), tx)))) {
      log.warn(
        { outboxId: claim.id, kind: claim.kind },
        'e-mail sent after its lease ended; another worker may send it too',
      );
    }
  }

  return createLeasedDelivery({
    db,
    policy,
    claimDue: (now, leaseUntil, limit, tx) => repo.claimDue(now, leaseUntil, limit, tx),
    release: (claim, now, tx) => repo.release(claim, now, tx),
    deliverOne,
  });
}
