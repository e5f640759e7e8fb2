import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let admin: { cookie: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
});
afterAll(() => t.close());

describe('clinic settings', () => {
  it('has sensible defaults (Europe/Madrid, 30 min)', async () => {
    const response = await t.request({ method: 'GET', url: '/api/settings', cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ timeZone: 'Europe/Madrid', defaultAppointmentMinutes: 30 });
  });

  it('saves changes and the public landing data shows them', async () => {
    const saved = await t.request({
      method: 'PATCH',
      url: '/api/settings',
      cookie: admin.cookie,
      payload: {
        name: 'Clínica Nueva Vida',
        phone: '+34 911 222 333',
        timeZone: 'America/Mexico_City',
        bookingsRequireConfirmation: true,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'Clínica Nueva Vida',
      timeZone: 'America/Mexico_City',
      bookingsRequireConfirmation: true,
    });
    const landing = await t.request({ method: 'GET', url: '/api/public/clinic' });
    expect(landing.json()).toMatchObject({
      name: 'Clínica Nueva Vida',
      phone: '+34 911 222 333',
      timeZone: 'America/Mexico_City',
    });
  });

  it('refuses a bad time zone and a negative length with Spanish messages', async () => {
    const zone = await t.request({
      method: 'PATCH',
      url: '/api/settings',
      cookie: admin.cookie,
      payload: { timeZone: 'Madrid/Centro' },
    });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().error.fields.timeZone).toMatch(/Zona horaria no válida/);
    const length = await t.request({
      method: 'PATCH',
      url: '/api/settings',
      cookie: admin.cookie,
      payload: { defaultAppointmentMinutes: -15 },
    });
    expect(length.statusCode).toBe(400);
    expect(length.json().error.fields.defaultAppointmentMinutes).toMatch(/no puede ser menor que 5 minutos/);
    const logo = await t.request({
      method: 'PATCH',
      url: '/api/settings',
      cookie: admin.cookie,
      payload: { logoUrl: 'https://evil.example/logo.png' },
    });
    expect(logo.statusCode).toBe(400);
    expect(logo.json().error.fields.logoUrl).toBe('El logotipo debe ser una imagen subida a la clínica');
    const after = await t.request({ method: 'GET', url: '/api/settings', cookie: admin.cookie });
    expect(after.json().timeZone).toBe('America/Mexico_City');
  });

  it('only admins read or change them (401 before any validation)', async () => {
    const doctor = await t.createUser({ role: 'doctor' });
    const patient = await t.createUser({ role: 'paciente' });
    for (const cookie of [doctor.cookie, patient.cookie]) {
      expect((await t.request({ method: 'GET', url: '/api/settings', cookie })).statusCode).toBe(403);
      const change = await t.request({ method: 'PATCH', url: '/api/settings', cookie, payload: { name: 'Hackeada' } });
      expect(change.statusCode).toBe(403);
      expect(change.json().error.message).toBe('No tienes permiso para realizar esta acción.');
    }
    expect((await t.request({ method: 'PATCH', url: '/api/settings', payload: { name: 'X' } })).statusCode).toBe(401);
    const landing = await t.request({ method: 'GET', url: '/api/public/clinic' });
    expect(landing.json().name).not.toBe('Hackeada');
  });
});
