import { clock } from '../clock';
import type { Db } from '../db/client';
import { transact, type Tx } from '../db/transaction';
import { plus } from '../dates';

export interface DeliveryPolicy {
  /** Messages claimed at once. */
  batchSize: number;
  /** How long a claim is ours: after it, a crashed worker's messages are taken again. */
  leaseMs: number;
  /** A worker starts no new send this long into its lease, so the lease still covers the last one. */
  sendWithinMs: number;
  /** After this many attempts a message is kept as `failed`. */
  maxAttempts: number;
  /** The wait before another attempt, after `attempts` attempts. */
  retryDelayMs(attempts: number): number;
}

export interface DeliveryResult {
  sent: number;
  retried: number;
  failed: number;
}

/**
 * The loop both outboxes (e-mails, SMS/WhatsApp) deliver with: claim a batch due now under a lease (one short
 * statement, FOR UPDATE SKIP LOCKED), send each outside any transaction, give back what was not tried once the
 * lease runs short or the app closes, and go on while batches come. `deliverOne` sends one and marks it.
 */
export function createLeasedDelivery<Claim>(deps: {
  db: Db;
  policy: DeliveryPolicy;
  claimDue(now: Date, leaseUntil: Date, limit: number, tx: Tx): Promise<Claim[]>;
  release(claim: Claim, now: Date, tx: Tx): Promise<unknown>;
  deliverOne(claim: Claim, result: DeliveryResult): Promise<void>;
}) {
  const { db, policy } = deps;
  const runs = new Set<Promise<DeliveryResult>>();
  let stopping = false;

  async function run(): Promise<DeliveryResult> {
    const result: DeliveryResult = { sent: 0, retried: 0, failed: 0 };
    while (!stopping) {
      const leaseUntil = plus(clock.now(), { milliseconds: policy.leaseMs });
      const claims = await transact(db, (tx) => deps.claimDue(clock.now(), leaseUntil, policy.batchSize, tx));
      if (claims.length === 0) break;
      const claimedAt = performance.now();
      for (const [index, claim] of claims.entries()) {
        if (stopping || performance.now() - claimedAt > policy.sendWithinMs) {
          // Not tried: give them back now rather than at the end of the lease.
          for (const untried of claims.slice(index)) await transact(db, (tx) => deps.release(untried, clock.now(), tx));
          break;
        }
        await deps.deliverOne(claim, result);
      }
    }
    return result;
  }

  return {
    /** Sends every message due now (looping over batches); what failed waits for its next attempt. */
    deliverDue(): Promise<DeliveryResult> {
      const running = run().finally(() => runs.delete(running));
      runs.add(running);
      return running;
    },
    /** Starts no new send and waits for the ones under way (closing the app). */
    async close() {
      stopping = true;
      await Promise.allSettled([...runs]);
    },
  };
}
