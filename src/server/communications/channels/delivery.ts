import type { FastifyBaseLogger } from 'fastify';
import { clock, plus } from '../../platform';
import type { Db } from '../../platform';
import { transact } from '../../platform';
import { ProviderError } from '../providers/provider';
import type { Providers } from '../providers/providers';
import { DELIVERY_POLICY, type DeliveryPolicy, type DeliveryResult } from '../../platform';
import { createLeasedDelivery } from '../../platform';
import type { ChannelMessageRow, ChannelOutboxRepository } from './repository';

export type { Providers };

/** The wait before another attempt: the outbox's back-off, or longer when the provider asked (Retry-After). */
export function retryDelay(policy: DeliveryPolicy, attempts: number, error: unknown): number {
  const asked = error instanceof ProviderError ? (error.retryAfterMs ?? 0) : 0;
  return Math.max(policy.retryDelayMs(attempts), asked);
}

/**
 * Delivers due SMS and WhatsApp messages as the mail delivery does e-mails: a batch claimed in one short
 * statement (FOR UPDATE SKIP LOCKED, `sending` under a lease), each sent outside any transaction, then marked
 * sent, retried (429, 5xx, a timeout: after the back-off or the provider's Retry-After), or failed for good
 * (a refused number: its fallback e-mail goes instead, in the same transaction as the mark).
 */
export function createChannelDelivery(deps: {
  db: Db;
  repo: ChannelOutboxRepository;
  providers: Providers;
  log: FastifyBaseLogger;
  policy?: DeliveryPolicy;
}) {
  const { db, repo, providers, log } = deps;
  const policy = deps.policy ?? DELIVERY_POLICY;

  async function deliverOne(claim: ChannelMessageRow, result: DeliveryResult) {
    const provider = providers[claim.channel];
    let providerMessageId: string;
    try {
      if (!provider) throw new ProviderError(`sin proveedor configurado para ${claim.channel}`, true);
      ({ providerMessageId } = await provider.send({
        kind: claim.kind,
        to: claim.toNumber,
        body: claim.body,
        templateParams: claim.templateParams,
      }));
    } catch (error) {
      const permanent = error instanceof ProviderError && error.permanent;
      const lastError = ((error as Error).message ?? String(error)).slice(0, 500);
      const retryAt =
        !permanent && claim.attempts < policy.maxAttempts
          ? plus(clock.now(), { milliseconds: retryDelay(policy, claim.attempts, error) })
          : null;
      await transact(db, (tx) => repo.markFailed(claim, lastError, retryAt, clock.now(), tx));
      const fields = { messageId: claim.id, channel: claim.channel, kind: claim.kind, attempts: claim.attempts };
      if (retryAt) {
        result.retried++;
        log.warn({ ...fields, retryAt: retryAt.toISOString() }, 'message not delivered; it will be tried again');
      } else {
        result.failed++;
        log.warn({ ...fields, permanent }, 'message failed for good; its fallback e-mail (if any) is queued');
      }
      return;
    }
    result.sent++;
    if (!(await transact(db, (tx) => repo.markSent(claim, providerMessageId, clock.now(), tx)))) {
      log.warn({ messageId: claim.id }, 'message sent after its lease ended; another worker may send it too');
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

export type ChannelDelivery = ReturnType<typeof createChannelDelivery>;
