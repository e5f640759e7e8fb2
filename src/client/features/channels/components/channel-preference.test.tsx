import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PatientChannelView } from '../../../../common/schemas/channels';
import { renderScreen, signedInAs, stubApi } from '../../../test/render';
import { MyChannelCard } from './my-channel-card';
import { PatientChannelCard } from './patient-channel-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const patientId = '4df2850f-a2c0-48cf-bc94-503f07fbad31';
// Recorded by the desk on a Monday morning (9:00 in Madrid, winter time).
const recordedByDesk: PatientChannelView = {
  preferredChannel: 'sms',
  phoneConsent: true,
  consentRecordedAt: '2026-03-02T08:00:00.000Z',
  consentRecordedBy: 'u-admin',
  consentRecordedByName: 'Marta Recepción',
  offeredChannels: ['sms', 'email'],
};

describe('the paciente’s reminder preferences in «Mi perfil»', () => {
  it('offers only the clinic’s channels, says who recorded her consent, and saves her withdrawal', async () => {
    const { calls } = stubApi((call) =>
      call.method === 'PUT'
        ? {
            status: 200,
            body: {
              ...recordedByDesk,
              ...(call.body as object),
              // An evening, in summer time: 21:30 in Madrid.
              consentRecordedAt: '2026-07-14T19:30:00.000Z',
              consentRecordedBy: 'u-paciente',
              consentRecordedByName: 'Prueba paciente',
            },
          }
        : { status: 200, body: recordedByDesk },
    );
    const { user } = renderScreen(<MyChannelCard timeZone="Europe/Madrid" />, { session: signedInAs('paciente') });
    const card = within(await screen.findByRole('region', { name: 'Recordatorios de tus citas' }));
    expect(await card.findByText('Consentimiento registrado el 2 mar 2026, 9:00 por Marta Recepción.')).toBeVisible();
    expect(card.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['sms', 'email']);
    expect(card.getByRole('radio', { name: 'SMS' })).toBeChecked();
    const consent = card.getByRole('checkbox', { name: /^Acepto recibir por SMS y WhatsApp/ });
    expect(consent).toBeChecked();

    await user.click(card.getByRole('radio', { name: 'Correo electrónico' }));
    await user.click(consent);
    await user.click(card.getByRole('button', { name: 'Guardar preferencias de aviso' }));

    expect(await screen.findByText('Preferencias de aviso guardadas')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', url: '/api/me/channel', body: { preferredChannel: 'email', phoneConsent: false } },
    ]);
    expect(await card.findByText('Consentimiento retirado el 14 jul 2026, 21:30 por ti.')).toBeVisible();
    expect(card.getByRole('button', { name: 'Guardar preferencias de aviso' })).toBeDisabled();
  });
});

describe('the desk’s reminder preferences on a patient’s record', () => {
  it('keeps a choice the clinic no longer offers visible, and records her consent', async () => {
    const never: PatientChannelView = {
      preferredChannel: 'whatsapp',
      phoneConsent: false,
      consentRecordedAt: null,
      consentRecordedBy: null,
      consentRecordedByName: null,
      offeredChannels: ['email'],
    };
    const { calls } = stubApi((call) =>
      call.method === 'PUT'
        ? { status: 200, body: { ...recordedByDesk, ...(call.body as object), offeredChannels: ['email'] } }
        : { status: 200, body: never },
    );
    const { user } = renderScreen(<PatientChannelCard patientId={patientId} timeZone="Europe/Madrid" />);
    const card = within(await screen.findByRole('region', { name: 'Recordatorios y mensajes' }));
    expect(await card.findByText('Nunca se ha registrado un consentimiento.')).toBeVisible();
    expect(card.getByRole('radio', { name: 'WhatsApp (la clínica ya no lo usa)' })).toBeChecked();
    expect(card.getAllByRole('radio')).toHaveLength(2);

    await user.click(card.getByRole('checkbox', { name: /^Ha dado su consentimiento/ }));
    await user.click(card.getByRole('button', { name: 'Guardar preferencias de aviso' }));

    expect(await card.findByText('Consentimiento registrado el 2 mar 2026, 9:00 por Marta Recepción.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: `/api/patients/${patientId}/channel`,
        body: { preferredChannel: 'whatsapp', phoneConsent: true },
      },
    ]);
  });
});
