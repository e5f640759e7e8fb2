import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MALFORMED_UPLOAD_MESSAGE } from '../plugins/errors';
import { buildTestApp, type TestApp } from '../test/app';
import { changedTables, snapshot } from './snapshot';
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
