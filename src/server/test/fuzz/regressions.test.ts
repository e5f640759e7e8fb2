import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MALFORMED_UPLOAD_MESSAGE } from '../../platform/http/errors';
import { buildTestApp, type TestApp } from '../app';
import { changedTables, installWriteCounter, snapshot, writeCount } from './snapshot';
import { errorBodyProblem } from './spanish';

/** What the route fuzzing found, kept as plain examples (./routes.fuzz.test.ts). */
let t: TestApp;
let admin: { cookie: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

describe('fuzzing regressions', () => {
  // Found by the fuzz: an upload whose declared boundary never comes made busboy throw a plain
  // «Unexpected end of multipart data», answered 500. Now a Spanish 400 that changes nothing.
  for (const url of ['/api/files', '/api/images', '/api/profile/photo']) {
    it(`POST ${url}: a multipart body whose boundary never comes is a Spanish 400`, async () => {
      const before = await snapshot(t.database.db);
      const payload = Buffer.from(
        '--fuzzlimite\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n--fuzzlimite--\r\n',
        'latin1',
      );
      const response = await t.request({
        method: 'POST',
        url,
        cookie: admin.cookie,
        payload,
        headers: { 'content-type': 'multipart/form-data; boundary=otrolimite' },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.message).toBe(MALFORMED_UPLOAD_MESSAGE);
      expect(errorBodyProblem(response.body, String(response.headers['content-type']))).toBeNull();
      expect(changedTables(before, await snapshot(t.database.db), `POST ${url}`)).toEqual([]);
    });
  }
});

describe('the database snapshot the fuzz compares', () => {
  it('sees a row added, changed or removed, and the write counter moves with it', async () => {
    await installWriteCounter(t.database.db);
    const before = await snapshot(t.database.db);
    const writes = await writeCount(t.database.db);
    expect(changedTables(before, await snapshot(t.database.db), 'GET /api/x')).toEqual([]);
    expect(await writeCount(t.database.db)).toBe(writes);

    const specialty = await t.write((tx) => t.deps.repos.doctors.createSpecialty('Instantánea', tx));
    const added = await snapshot(t.database.db);
    expect(changedTables(before, added, 'GET /api/x')).toEqual(['specialties']);
    expect(await writeCount(t.database.db)).not.toBe(writes);

    // Same row count, other contents: the hash tells.
    await t.database.db.execute(sql`UPDATE specialties SET name = 'Instantánea 2' WHERE id = ${specialty.id}`);
    const renamed = await snapshot(t.database.db);
    expect(renamed['specialties']!.rows).toBe(added['specialties']!.rows);
    expect(changedTables(added, renamed, 'GET /api/x')).toEqual(['specialties']);
  });

  it('lets only the rate limiter, and the sign-in throttle on sign-in, change on a refused request', () => {
    const state = (hash: string) => ({ rows: 1, hash });
    const before = { rate_limit_hits: state('a'), sign_in_throttle: state('a'), audit_log: state('a') };
    const after = { rate_limit_hits: state('b'), sign_in_throttle: state('b'), audit_log: state('a') };
    expect(changedTables(before, after, 'POST /api/auth/sign-in')).toEqual([]);
    expect(changedTables(before, after, 'POST /api/patients')).toEqual(['sign_in_throttle']);
    expect(changedTables(before, { ...after, audit_log: state('c') }, 'POST /api/auth/sign-in')).toEqual(['audit_log']);
  });
});
