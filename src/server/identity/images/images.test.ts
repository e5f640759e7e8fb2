import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

/** A multipart/form-data body with one file, as a browser sends it. */
function multipart(file: Buffer, filename: string) {
  const boundary = '----clinica-prueba';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('images', () => {
  it('are served with a year of cache: their id never changes content', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const uploaded = await t.request({
      method: 'POST',
      url: '/api/images',
      cookie: admin.cookie,
      ...multipart(PNG, 'logo.png'),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { url } = uploaded.json() as { url: string };

    const image = await t.request({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('an unknown image is a 404 that is not cached', async () => {
    const response = await t.request({ method: 'GET', url: `/api/images/${crypto.randomUUID()}` });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
