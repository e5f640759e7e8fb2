import { inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { signInThrottle } from '../../platform/db/schema';
import { AppError, TooManyRequestsError } from '../../platform/errors';
import { buildTestApp, type TestApp } from '../../test/app';
import { createCodeThrottle } from './throttle';

/**
 * The code throttle with the checks held open: every guess of a burst is in flight at once, whatever the
 * engine (PGlite runs one statement at a time, so only an interleaving made by the test shows the race there).
 */
const MONDAY = '2030-01-07T09:00:10.000Z';
let t: TestApp;

beforeAll(async () => {
  clock.freeze(MONDAY);
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});
beforeEach(() => clock.freeze(MONDAY));

const throttleOf = () => createCodeThrottle(t.deps.db, t.deps.repos.secondFactor, t.deps.config.limits);
const from = (ip: string) => ({ ip }) as FastifyRequest;
const wrongCode = () => new AppError(400, 'WRONG_CODE');

/** A check that waits for `release()`: it answers (or throws) only then. */
function heldChecks() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let started = 0;
  const check = async () => {
    started++;
    await gate;
    throw wrongCode();
  };
  return { check, release, started: () => started };
}

/** Guards and checks as the sign-in routes do; answers each outcome: 'wrong', 'locked' or the error. */
async function guess(accountId: string | null, ip: string, check: () => Promise<unknown>) {
  const throttle = throttleOf();
  try {
    await throttle.guard(accountId, from(ip));
    await throttle.checked(accountId, from(ip), check);
    return 'right';
  } catch (error) {
    if (error instanceof TooManyRequestsError) return 'locked';
    if (error instanceof AppError && error.code === 'WRONG_CODE') return 'wrong';
    throw error;
  }
}

const count = (outcomes: string[]) =>
  outcomes.reduce<Record<string, number>>((all, outcome) => ({ ...all, [outcome]: (all[outcome] ?? 0) + 1 }), {});

describe('the code throttle under a burst', () => {
  it('starts no more checks than the limit while the first ones are still running', async () => {
    const account = await t.createUser({ role: 'doctor' });
    const held = heldChecks();
    let settled = 0;
    const outcomes = Array.from({ length: 20 }, () =>
      guess(account.id, '203.0.113.40', held.check).finally(() => settled++),
    );
    // Every request reaches its check or its refusal before any check answers.
    const deadline = Date.now() + 5000;
    while (held.started() + settled < 20 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(held.started()).toBe(5);
    held.release();
    expect(count(await Promise.all(outcomes))).toEqual({ wrong: 5, locked: 15 });
  });

  it('takes an attempt on the account and the address or on neither', async () => {
    const account = await t.createUser({ role: 'doctor' });
    // The address is blocked by wrong codes for other accounts…
    const others = await Promise.all(Array.from({ length: 6 }, () => t.createUser({ role: 'doctor' })));
    for (let i = 0; i < 30; i++) {
      expect(await guess(others[i % 6]!.id, '203.0.113.41', async () => Promise.reject(wrongCode()))).toBe('wrong');
    }
    // …so a guess for this account from there is refused, and her own count is left untouched.
    expect(await guess(account.id, '203.0.113.41', async () => Promise.reject(wrongCode()))).toBe('locked');
    const rows = await t.database.db
      .select()
      .from(signInThrottle)
      .where(inArray(signInThrottle.key, [`2fa:${account.id}`]));
    expect(rows).toEqual([]);
  });

  it('gives the attempt back when the check is right or fails for another reason', async () => {
    const account = await t.createUser({ role: 'doctor' });
    const unavailable = async () => Promise.reject(new AppError(503, 'PROFILE_LOAD_FAILED'));
    for (let i = 0; i < 4; i++) {
      await expect(guess(account.id, '203.0.113.42', unavailable)).rejects.toMatchObject({ statusCode: 503 });
    }
    for (let i = 0; i < 10; i++) expect(await guess(account.id, '203.0.113.42', async () => 'ok')).toBe('right');
    // None of them counted: five wrong codes are still tested before the lock.
    const wrong = async () => Promise.reject(wrongCode());
    const outcomes = [];
    for (let i = 0; i < 6; i++) outcomes.push(await guess(account.id, '203.0.113.42', wrong));
    expect(count(outcomes)).toEqual({ wrong: 5, locked: 1 });
  });
});
