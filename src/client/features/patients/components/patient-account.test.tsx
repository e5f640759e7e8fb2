import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Patient } from '../../../../common/schemas/patients';
import { renderScreen, stubApi } from '../../../test/render';
import { PatientAccountPanel } from './patient-account';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const patient: Patient = {
  id: 'p-7',
  firstName: 'Elena',
  lastName: 'Robles Sanz',
  documentType: null,
  documentNumber: null,
  documentCountry: null,
  birthDate: null,
  sex: null,
  phone: '',
  email: 'elena@example.com',
  address: '',
  insurer: '',
  policyNumber: '',
  insurerId: null,
  cardNumber: '',
  cardExpiry: null,
  allergies: '',
  medicalHistory: '',
  notes: '',
  privacyConsentAt: null,
  privacyConsentChannel: null,
  hasAccount: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};
const account = { id: 'a-1', email: 'elena@example.com', displayName: 'Elena Robles', emailVerified: false };

describe('the web account of a record', () => {
  it('links the account named by e-mail, showing the server’s reason when it cannot', async () => {
    let linked = false;
    const { calls } = stubApi((call) => {
      if (call.method === 'GET') return { status: 200, body: { account: linked ? account : null } };
      if ((call.body as { email: string }).email === 'otra@example.com') {
        return {
          status: 404,
          body: {
            error: {
              code: 'NOT_FOUND',
              message: 'No hay ninguna cuenta con ese correo.',
              fields: { email: 'No hay ninguna cuenta con ese correo' },
            },
          },
        };
      }
      linked = true;
      return { status: 200, body: { ...patient, hasAccount: true } };
    });
    const { user } = renderScreen(<PatientAccountPanel patient={patient} />);

    const input = await screen.findByRole('textbox', { name: /Correo de la cuenta/ });
    expect(input).toHaveValue('elena@example.com');
    await user.clear(input);
    await user.type(input, 'otra@example.com');
    await user.click(screen.getByRole('button', { name: 'Enlazar cuenta' }));
    expect(await screen.findByText('No hay ninguna cuenta con ese correo')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'elena@example.com');
    await user.click(screen.getByRole('button', { name: 'Enlazar cuenta' }));
    expect(await screen.findByText('Enlazada por la clínica')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { email: 'otra@example.com' },
      { email: 'elena@example.com' },
    ]);
  });

  it('unlinks only after a confirmation', async () => {
    let linked = true;
    const { calls } = stubApi((call) => {
      if (call.method === 'GET')
        return { status: 200, body: { account: linked ? { ...account, emailVerified: true } : null } };
      linked = false;
      return { status: 200, body: patient };
    });
    const { user } = renderScreen(<PatientAccountPanel patient={{ ...patient, hasAccount: true }} />);

    expect(await screen.findByText('Correo confirmado')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Desenlazar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Desenlazar la cuenta?' });
    await user.click(within(dialog).getByRole('button', { name: 'Volver' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Desenlazar' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '¿Desenlazar la cuenta?' })).getByRole('button', {
        name: 'Desenlazar',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Enlazar cuenta' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/patients/p-7/account',
    ]);
  });
});
