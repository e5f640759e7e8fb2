import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../common/messages';
import { WRONG_CURRENT_PASSWORD } from '../../../common/schemas/profile';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

/** A multipart/form-data body with one file, as a browser sends it. */
function multipart(file: Buffer, filename: string, type = 'image/png') {
  const boundary = '----clinica-foto';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const landscape = () =>
  sharp({ create: { width: 640, height: 360, channels: 3, background: '#0b7285' } })
    .png()
    .toBuffer();

describe('profile photo', () => {
  it('is cropped square, resized to 256 px WebP, and set on the profile and the account', async () => {
    const user = await t.createUser({ role: 'doctor' });
    const response = await t.request({
      method: 'POST',
      url: '/api/profile/photo',
      cookie: user.cookie,
      ...multipart(await landscape(), 'yo.png'),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { photoURL } = response.json() as { photoURL: string };
    expect(photoURL).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);

    const image = await t.request({ method: 'GET', url: photoURL });
    expect(image.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(image.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 256, 256]);

    const account = await t.deps.repos.auth.findAccountById(user.id);
    expect(account?.photoUrl).toBe(photoURL);
    const session = await t.request({ method: 'GET', url: '/api/profile', cookie: user.cookie });
    expect(session.json().photoURL).toBe(photoURL);
  });

  it('refuses what is not an image with 415, even named .png', async () => {
    const user = await t.createUser({});
    const response = await t.request({
      method: 'POST',
      url: '/api/profile/photo',
      cookie: user.cookie,
      ...multipart(Buffer.from('%PDF-1.7 no soy una foto'), 'foto.png'),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe('La foto debe ser una imagen PNG, JPEG o WebP.');
  });

  it('without a session answers the catalogue text', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/profile/photo',
      ...multipart(await landscape(), 'yo.png'),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(AUTH_MESSAGES.profileNoUser);
  });
});

describe('profile update', () => {
  it('an empty photo and phone clear the profile but leave the account its photo (SPEC §3)', async () => {
    const user = await t.createUser({});
    const uploaded = await t.request({
      method: 'POST',
      url: '/api/profile/photo',
      cookie: user.cookie,
      ...multipart(await landscape(), 'yo.png'),
    });
    const { photoURL } = uploaded.json() as { photoURL: string };
    const response = await t.request({
      method: 'PATCH',
      url: '/api/profile',
      cookie: user.cookie,
      payload: { photoURL: '', displayName: 'Nombre Nuevo', phone: '' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ photoURL: '', displayName: 'Nombre Nuevo', phone: null });
    const account = await t.deps.repos.auth.findAccountById(user.id);
    expect([account?.photoUrl, account?.displayName]).toEqual([photoURL, 'Nombre Nuevo']);
  });
});

describe('password change', () => {
  it('ends the other sessions, keeps this one, and the new password signs in', async () => {
    const user = await t.createUser({});
    const other = await t.signIn(user.email);
    const response = await t.request({
      method: 'POST',
      url: '/api/profile/password',
      cookie: user.cookie,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'otra-clave-distinta-7' },
    });
    expect(response.statusCode, response.body).toBe(200);

    expect((await t.request({ method: 'GET', url: '/api/profile', cookie: other })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/profile', cookie: user.cookie })).statusCode).toBe(200);
    await expect(t.signIn(user.email)).rejects.toThrow();
    expect(await t.signIn(user.email, 'otra-clave-distinta-7')).toContain('clinica_session=');
  });

  it('a wrong current password is refused in Spanish and changes nothing', async () => {
    const user = await t.createUser({});
    const other = await t.signIn(user.email);
    const response = await t.request({
      method: 'POST',
      url: '/api/profile/password',
      cookie: user.cookie,
      payload: { currentPassword: 'no-es-la-mia-1', newPassword: 'otra-clave-distinta-7' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      message: WRONG_CURRENT_PASSWORD,
      fields: { currentPassword: WRONG_CURRENT_PASSWORD },
    });
    expect((await t.request({ method: 'GET', url: '/api/profile', cookie: other })).statusCode).toBe(200);
    expect(await t.signIn(user.email)).toContain('clinica_session=');
  });

  it('validates the new password like sign-up (length, common passwords)', async () => {
    const user = await t.createUser({});
    const short = await t.request({
      method: 'POST',
      url: '/api/profile/password',
      cookie: user.cookie,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'corta' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.newPassword).toMatch(/8 caracteres/);
    const common = await t.request({
      method: 'POST',
      url: '/api/profile/password',
      cookie: user.cookie,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'password123' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.fields.newPassword).toBeTruthy();
  });
});
