import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/app';
import type { Database } from '../db/client';
import { createBatchedCounter, type HitStore } from './batched-counter';
import { createRateLimitsRepository } from './repository';

const MINUTE = 60_000;
/** 09:00 and an evening of 2 Mar 2026 (ms): the counter is given the time, it reads no clock of its own. */
const MORNING = Date.parse('2026-03-02T09:00:00+01:00');
const EVENING = Date.parse('2026-03-02T21:59:30+01:00');

let database: Database;
let repo: ReturnType<typeof createRateLimitsRepository>;
beforeAll(async () => {
  database = await openTestDatabase();
  repo = createRateLimitsRepository(database.db);
});
afterAll(async () => database?.close());

/** The real repository, counting the statements it was asked to run. */
function countingStore(): HitStore & { statements: number } {
  const store = {
    statements: 0,
    hitMany: (...args: Parameters<HitStore['hitMany']>) => {
      store.statements++;
      return repo.hitMany(...args);
    },
  };
  return store;
}

/** A counter that only writes when told (flush interval longer than any test). */
const manualCounter = (store: HitStore) => createBatchedCounter(store, { flushMs: 3_600_000 });

describe('the rate-limit counts of one process', () => {
  it('counts below half of the limit locally, exactly from half on, and writes every hit', async () => {
    const store = countingStore();
    const counter = manualCounter(store);
    const key = `one-process|${crypto.randomUUID()}`;
    const now = () => MORNING;
    const currents: number[] = [];
    for (let i = 0; i < 12; i++) currents.push((await counter.hit(key, MINUTE, 10, now)).current);
    // Each request sees the whole count, however it was counted: the 11th and 12th are over the limit of 10.
    expect(currents).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // The first (a key not seen in this window) and those past half the limit (6th…12th) went to the store;
    // the 2nd to 5th were counted here and carried by the 6th.
    expect(store.statements).toBe(8);
    const [row] = (await repo.hitMany([{ key, hits: 0, windowMs: MINUTE }], MORNING)).values();
    expect(row).toEqual({ hits: 12, resetsAtMs: MORNING + MINUTE });
  });

  it('writes the local counts of many keys in one statement per flush, and the time left in the window', async () => {
    const store = countingStore();
    const counter = manualCounter(store);
    const keys = Array.from({ length: 5 }, (_, i) => `batch|${i}|${crypto.randomUUID()}`);
    for (const key of keys) await counter.hit(key, MINUTE, 600, () => EVENING);
    expect(store.statements).toBe(5);
    const later = () => EVENING + 20_000;
    for (let round = 0; round < 30; round++) {
      for (const key of keys) expect((await counter.hit(key, MINUTE, 600, later)).ttl).toBe(40_000);
    }
    expect(store.statements).toBe(5);
    await counter.flush(later());
    expect(store.statements).toBe(6);
    const written = await repo.hitMany(
      keys.map((key) => ({ key, hits: 0, windowMs: MINUTE })),
      later(),
    );
    expect([...written.values()].map((row) => row.hits)).toEqual([31, 31, 31, 31, 31]);
  });

  it('starts a new window after the last one ended, dropping the ended window’s unwritten hits', async () => {
    const counter = manualCounter(countingStore());
    const key = `window|${crypto.randomUUID()}`;
    for (let i = 0; i < 3; i++) await counter.hit(key, MINUTE, 100, () => MORNING);
    const next = () => MORNING + MINUTE;
    expect(await counter.hit(key, MINUTE, 100, next)).toEqual({ current: 1, ttl: MINUTE });
    await counter.flush(next());
    expect(counter.size).toBe(1);
    // Once a key's window ended with nothing pending, a flush forgets it.
    await counter.flush(next() + MINUTE);
    expect(counter.size).toBe(0);
  });

  it('a limit of one or two requests is counted exactly, every request', async () => {
    const store = countingStore();
    const counter = manualCounter(store);
    const key = `small|${crypto.randomUUID()}`;
    const currents = [];
    for (let i = 0; i < 3; i++) currents.push((await counter.hit(key, MINUTE, 2, () => MORNING)).current);
    expect(currents).toEqual([1, 2, 3]);
    expect(store.statements).toBe(3);
  });
});

describe('two processes on one store', () => {
  it('each sees the other’s hits after a flush; exact once either reaches half the limit', async () => {
    const a = manualCounter(countingStore());
    const b = manualCounter(countingStore());
    const key = `two|${crypto.randomUUID()}`;
    const now = () => MORNING;
    for (let i = 0; i < 20; i++) await a.hit(key, MINUTE, 100, now);
    // B's first request goes to the store: it sees A's first (written) but not A's 19 local ones yet.
    expect((await b.hit(key, MINUTE, 100, now)).current).toBe(2);
    await a.flush(now());
    // B learns the shared count when it writes (its flush answers the key's whole count).
    await b.hit(key, MINUTE, 100, now);
    await b.flush(now());
    expect((await b.hit(key, MINUTE, 100, now)).current).toBe(23);
  });

  it('the tolerance: a process admits past the limit only what it counts before its next flush', async () => {
    const a = manualCounter(countingStore());
    const b = manualCounter(countingStore());
    const key = `tolerance|${crypto.randomUUID()}`;
    const now = () => MORNING;
    await b.hit(key, MINUTE, 10, now); // B knows the key: shared 1.
    // A reaches the limit: from half on it counts exactly, and its 10th is the 11th request (limited).
    const fromA = [];
    for (let i = 0; i < 10; i++) fromA.push((await a.hit(key, MINUTE, 10, now)).current);
    expect(fromA.at(-1)).toBe(11);
    // B still counts locally from its stale view (1 + its own): admitted, within the documented tolerance…
    expect((await b.hit(key, MINUTE, 10, now)).current).toBe(2);
    // …until its flush brings the whole count back, after which it is exact and refuses.
    await b.flush(now());
    expect((await b.hit(key, MINUTE, 10, now)).current).toBe(13);
  });

  it('a failed write keeps the hits for the next flush', async () => {
    let failing = true;
    const store: HitStore = {
      hitMany: (batch, nowMs) =>
        failing && batch[0]!.hits > 1 ? Promise.reject(new Error('down')) : repo.hitMany(batch, nowMs),
    };
    const errors: Error[] = [];
    const counter = createBatchedCounter(store, { flushMs: 3_600_000, onError: (error) => errors.push(error) });
    const key = `retry|${crypto.randomUUID()}`;
    for (let i = 0; i < 4; i++) await counter.hit(key, MINUTE, 100, () => MORNING);
    await counter.flush(MORNING);
    expect(errors.map((error) => error.message)).toEqual(['down']);
    failing = false;
    await counter.flush(MORNING);
    const [row] = (await repo.hitMany([{ key, hits: 0, windowMs: MINUTE }], MORNING)).values();
    expect(row!.hits).toBe(4);
  });
});
