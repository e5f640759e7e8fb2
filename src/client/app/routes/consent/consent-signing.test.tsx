import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsentSigningView } from '../../../../common/schemas/consent-signing';
import { renderScreen, stubApi } from '../../../test/render';
import ConsentSigningPage from './consent-signing';

const TOKEN = '7c1d6b43-9d0e-4a57-9c84-2f1d0c3f4a11.fe1a2b3c.firma';
const URL = `/api/consentimientos/${encodeURIComponent(TOKEN)}`;

const view: ConsentSigningView = {
  requestId: '7c1d6b43-9d0e-4a57-9c84-2f1d0c3f4a11',
  purpose: 'firma',
  status: 'pendiente',
  expiresAt: '2026-03-25T10:00:00.000Z',
  clinicName: 'Clínica Demo',
  patientName: 'Lucía Martín Gómez',
  patientDocument: '',
  minor: false,
  appointment: {
    startsAt: '2026-03-25T09:30:00.000Z',
    doctorName: 'Dra. Elena Navarro',
    specialty: 'Traumatología',
    timeZone: 'Europe/Madrid',
  },
  version: {
    number: 2,
    title: 'Consentimiento informado para infiltración',
    body: 'Una **infiltración** es una inyección.',
    consequences: '',
    risks: '- Dolor en la zona',
    alternatives: '',
  },
  lastAct: null,
};
const signed = (kind: 'firma' | 'rechazo') => ({
  ...view,
  status: kind === 'firma' ? 'firmado' : 'rechazado',
  lastAct: { kind, actedAt: '2026-03-24T18:00:00.000Z', contentSha256: 'a'.repeat(64) },
});

const renderPage = () =>
  renderScreen(<ConsentSigningPage />, { path: '/consentimiento/:token', at: `/consentimiento/${TOKEN}` });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the consent signing page', () => {
  it('shows the text and signs with the typed name (the keyboard’s way)', async () => {
    const { calls } = stubApi((call) =>
      call.method === 'POST' ? { status: 200, body: signed('firma') } : { status: 200, body: view },
    );
    const { user } = renderPage();
    expect(await screen.findByText('Consentimiento informado para infiltración')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Riesgos' })).toBeTruthy();
    expect(screen.getByText('Pendiente de firma')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Número de documento del paciente/ }), '12345678Z');
    await user.click(screen.getByRole('radio', { name: 'Escribir mi nombre' }));
    await user.type(screen.getByRole('textbox', { name: /Escribe tu nombre completo como firma/ }), 'Lucía Martín');
    await user.click(screen.getByRole('button', { name: 'Firmar el consentimiento' }));
    expect(await screen.findByText('Has firmado este consentimiento. Gracias.')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe(`${URL}/decision`);
    expect(post.body).toEqual({
      decision: 'firma',
      signerName: 'Lucía Martín Gómez',
      signerDocument: '12345678Z',
      asRepresentative: false,
      signature: { method: 'nombre', typedName: 'Lucía Martín' },
    });
  });

  it('asks to confirm a refusal before sending it', async () => {
    const { calls } = stubApi((call) =>
      call.method === 'POST' ? { status: 200, body: signed('rechazo') } : { status: 200, body: view },
    );
    const { user } = renderPage();
    await user.type(await screen.findByRole('textbox', { name: /Número de documento del paciente/ }), '12345678Z');
    await user.click(screen.getByRole('radio', { name: 'Escribir mi nombre' }));
    await user.type(screen.getByRole('textbox', { name: /Escribe tu nombre completo como firma/ }), 'Lucía Martín');
    await user.click(screen.getByRole('button', { name: 'No doy mi consentimiento' }));
    const dialog = await screen.findByRole('dialog', { name: '¿No das tu consentimiento?' });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Sí, no doy mi consentimiento' }));
    expect(await screen.findByText(/no das tu consentimiento\. La clínica lo verá/)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({ decision: 'rechazo' });
  });

  it('for a minor asks the representative’s data, each missing one on its field, before sending', async () => {
    const { calls } = stubApi(() => ({ status: 200, body: { ...view, minor: true, patientDocument: '12345678Z' } }));
    const { user } = renderPage();
    const forced = await screen.findByRole('checkbox', { name: /menor de edad: firma su representante/ });
    expect((forced as HTMLInputElement).checked).toBe(true);
    expect((forced as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('textbox', { name: /Relación con el paciente/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Firmar el consentimiento' }));
    expect(await screen.findByText('Escribe el nombre del representante (al menos 3 caracteres)')).toBeTruthy();
    expect(screen.getByText('Escribe el documento del representante')).toBeTruthy();
    expect(screen.getByText('Indica la relación con el paciente (madre, padre, tutor legal…)')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('starts with the name and the document her record has', async () => {
    stubApi(() => ({ status: 200, body: { ...view, patientDocument: '12345678Z' } }));
    renderPage();
    expect(await screen.findByRole('textbox', { name: /Nombre y apellidos del paciente/ })).toHaveValue(
      'Lucía Martín Gómez',
    );
    expect(screen.getByRole('textbox', { name: /Número de documento del paciente/ })).toHaveValue('12345678Z');
  });

  it('an empty submit flags every missing field at once — name, document and signature — and sends nothing', async () => {
    const { calls } = stubApi((call) =>
      call.method === 'POST'
        ? {
            status: 400,
            body: {
              error: {
                code: 'VALIDATION',
                message: 'Revisa los datos',
                fields: {
                  signerName: 'Escribe el nombre completo del paciente (al menos 3 caracteres)',
                  signerDocument: 'Escribe el número de documento del paciente',
                  'signature.image': 'Dibuja tu firma',
                },
              },
            },
          }
        : { status: 200, body: { ...view, patientName: '' } },
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Firmar el consentimiento' }));
    expect(await screen.findByText('Escribe el nombre completo del paciente (al menos 3 caracteres)')).toBeTruthy();
    expect(screen.getByText('Escribe el número de documento del paciente')).toBeTruthy();
    expect(screen.getByText('Dibuja tu firma')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    // Each message goes as she fixes its field.
    await user.type(screen.getByRole('textbox', { name: /Número de documento del paciente/ }), '12345678Z');
    expect(screen.queryByText('Escribe el número de documento del paciente')).toBeNull();
  });

  it('says when the link has expired', async () => {
    stubApi(() => ({
      status: 410,
      body: { error: { code: 'NOT_FOUND', message: 'Este enlace para firmar ha caducado.' } },
    }));
    renderPage();
    expect(await screen.findByText('Este enlace para firmar ha caducado.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Firmar el consentimiento' })).toBeNull();
  });
});
