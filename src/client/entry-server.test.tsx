// @vitest-environment node
// The server's renderer runs in Node, without a DOM: so does this test.
import { describe, expect, it } from 'vitest';
import type { BookingOptions } from '../common/schemas/appointments';
import type { PublicClinic } from '../common/schemas/clinic';
import type { InitialState } from '../common/initial-state';
import { renderPage } from './entry-server';

const clinic: PublicClinic = {
  name: 'Clínica Prueba Sur',
  address: 'Calle Mayor 1, 28001 Madrid',
  phone: '+34 910 000 001',
  email: 'citas@prueba.test',
  whatsapp: '',
  logoUrl: '',
  timeZone: 'Europe/Madrid',
  cancellationWindowHours: 24,
  mapUrl: '',
  openingHours: [{ days: 'Lunes a viernes', hours: '9:00–20:00' }],
  specialties: ['Dermatología', 'Pediatría'],
  doctors: [{ id: 'd1', displayName: 'Dra. Ana Ruiz', specialty: 'Dermatología', photoURL: '' }],
};
const bookingOptions: BookingOptions = {
  timeZone: 'Europe/Madrid',
  reminderChannels: ['email'],
  bookingHorizonDays: 60,
  specialties: [
    { id: 's1', name: 'Dermatología' },
    { id: 's2', name: 'Pediatría' },
  ],
  doctors: [
    {
      id: 'd1',
      displayName: 'Dra. Ana Ruiz',
      specialtyId: 's1',
      specialty: 'Dermatología',
      photoURL: '',
      bio: '',
      appointmentMinutes: 30,
    },
    {
      id: 'd2',
      displayName: 'Dr. Luis Gil',
      specialtyId: 's2',
      specialty: 'Pediatría',
      photoURL: '',
      bio: '',
      appointmentMinutes: 20,
    },
  ],
  services: [],
};
const visitor: InitialState = { session: { user: null, profile: null }, clinic };

/** The page's text, tags and styles left out. */
const textOf = (html: string) =>
  html
    .replace(/<style[^>]*>.*?<\/style>/gs, '')
    // React's markers between adjacent texts.
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the public pages as the server renders them', () => {
  it('draws the landing whole, with the clinic from the state, and no script to finish it', async () => {
    const { html, title } = await renderPage('/', visitor);
    const text = textOf(html);
    // The tab is named before any script runs.
    expect(title).toBe('Clínica Prueba Sur · Pide tu cita online');
    expect(text).toContain('Clínica Prueba Sur: tu salud, con cita en un minuto');
    expect(text).toContain('Pedir cita');
    expect(text).toContain('Iniciar sesión');
    expect(text).toContain('Calle Mayor 1, 28001 Madrid');
    // The CSP allows no inline script: nothing in the page may need one.
    expect(html).not.toContain('<script');
    expect(html).not.toContain('Cargando');
  });

  it("draws the booking page's first step with the embedded options", async () => {
    const { html } = await renderPage('/agendar-cita', { ...visitor, bookingOptions });
    const text = textOf(html);
    expect(text).toContain('Especialidad y profesional');
    expect(text).toContain('Dermatología');
    expect(text).toContain('Pediatría');
    expect(html).not.toContain('<script');
  });

  it('draws the sign-in form, unusable until the app runs it, and the account links of a signed-in user', async () => {
    const { html: login, title } = await renderPage('/auth/login', visitor);
    expect(title).toBe('Iniciar sesión · Clínica');
    expect(textOf(login)).toContain('Entrar');
    // A form the browser sent itself would put the password in the address.
    expect(login).toMatch(/<fieldset disabled="" data-awaiting-app=""/);
    const signedIn = {
      ...visitor,
      session: {
        user: { id: 'u1', email: 'ana@prueba.test', displayName: 'Ana', photoURL: '', emailVerified: true },
        profile: { id: 'u1', role: 'paciente', displayName: 'Ana', email: 'ana@prueba.test' },
      },
    } as unknown as InitialState;
    const text = textOf((await renderPage('/terminos-y-condiciones', signedIn)).html);
    expect(text).toContain('Mi área');
    expect(text).not.toContain('Iniciar sesión');
  });
});
