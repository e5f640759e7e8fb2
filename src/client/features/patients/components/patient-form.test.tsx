import '../../../test/mantine-polyfills';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Patient } from '../../../../common/schemas/patients';
import { renderScreen, stubApi } from '../../../test/render';
import { PatientForm } from './patient-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const patient: Patient = {
  id: 'p-9',
  firstName: 'Marta',
  lastName: 'Soler Vidal',
  documentType: 'dni',
  documentNumber: '00000000T',
  documentCountry: null,
  birthDate: '1985-04-12',
  sex: 'mujer',
  phone: '600111222',
  email: 'marta@example.com',
  address: '',
  insurer: '',
  policyNumber: '',
  insurerId: null,
  cardNumber: '',
  cardExpiry: null,
  allergies: '',
  medicalHistory: '',
  notes: '',
  privacyConsentAt: '2025-03-01T10:00:00.000Z',
  privacyConsentChannel: 'presencial',
  hasAccount: false,
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
};

async function fillNewPatient(user: ReturnType<typeof renderScreen>['user'], documentNumber: string) {
  await user.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Ana');
  await user.type(screen.getByRole('textbox', { name: 'Apellidos' }), 'García López');
  await user.click(screen.getByRole('combobox', { name: 'Tipo de documento' }));
  await user.click(await screen.findByRole('option', { name: 'DNI' }));
  await user.type(screen.getByRole('textbox', { name: 'Número de documento' }), documentNumber);
}

const SANITAS = '00000000-0000-4000-8000-0000000000b1';
const insurer = (id: string, name: string, active: boolean) => ({
  id,
  name,
  taxId: 'A28037042',
  address: 'Calle Mayor 1, Madrid',
  requiresAuthorization: false,
  copayCents: null,
  active,
  tariffs: [],
  patientCount: 0,
});
const insurers = [
  insurer(SANITAS, 'Sanitas', true),
  insurer('00000000-0000-4000-8000-0000000000b2', 'Vieja Mutua', false),
];

/** The form's own requests (it also reads «Aseguradoras» for its list). */
const requests = (calls: { url: string }[]) => calls.filter((call) => call.url !== '/api/insurers');

describe('patient form', () => {
  it('refuses a DNI whose letter does not match its numbers, without calling the API', async () => {
    const { calls } = stubApi(() => ({ status: 500 }));
    const { user } = renderScreen(<PatientForm />);
    await fillNewPatient(user, '12345678A');
    await user.click(screen.getByRole('button', { name: 'Crear paciente' }));

    expect(await screen.findByText('La letra del DNI no corresponde a sus números')).toBeInTheDocument();
    expect(requests(calls)).toHaveLength(0);
  });

  it('on a duplicate document links to the existing chart and keeps what was typed', async () => {
    const { calls } = stubApi(() => ({
      status: 409,
      body: {
        error: {
          code: 'DUPLICATE_DOCUMENT',
          message: 'Ya existe un paciente con ese documento.',
          meta: { existingId: 'p-42', existingName: 'Ana García López' },
        },
      },
    }));
    const { user } = renderScreen(<PatientForm />, { path: '/admin/pacientes/nuevo' });
    await fillNewPatient(user, '12345678-z');
    await user.click(screen.getByRole('button', { name: 'Crear paciente' }));

    const link = await screen.findByRole('link', { name: 'Abrir la ficha de Ana García López' });
    expect(link).toHaveAttribute('href', '/admin/pacientes/p-42');
    expect(screen.getAllByText('Ya existe un paciente con ese documento.').length).toBeGreaterThan(0);
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Ana');
    expect(screen.getByRole('textbox', { name: 'Número de documento' })).toHaveValue('12345678-z');

    expect(requests(calls)).toHaveLength(1);
    expect(requests(calls)[0]).toMatchObject({
      method: 'POST',
      url: '/api/patients',
      body: {
        firstName: 'Ana',
        lastName: 'García López',
        documentType: 'dni',
        documentNumber: '12345678Z',
        birthDate: null,
        privacyConsent: false,
        privacyConsentChannel: null,
      },
    });
  });

  it('requires the channel when consent is ticked', async () => {
    stubApi(() => ({ status: 500 }));
    const { user } = renderScreen(<PatientForm />);
    await user.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Ana');
    await user.type(screen.getByRole('textbox', { name: 'Apellidos' }), 'García');
    await user.click(screen.getByRole('checkbox', { name: 'Ha aceptado la política de privacidad' }));
    await user.click(screen.getByRole('button', { name: 'Crear paciente' }));
    expect(await screen.findByText('Indica cómo se dio el consentimiento')).toBeInTheDocument();
  });

  it('saves only what changed and shows server field messages next to their fields', async () => {
    const { calls } = stubApi((call) => {
      if (call.url === '/api/insurers') return { status: 200, body: insurers };
      return (call.body as { policyNumber?: string }).policyNumber === 'MAL'
        ? {
            status: 400,
            body: {
              error: {
                code: 'VALIDATION',
                message: 'Revisa los datos enviados.',
                fields: { policyNumber: 'Ese número de póliza no es válido' },
              },
            },
          }
        : { status: 200, body: { ...patient, ...(call.body as object) } };
    });
    const onSaved = vi.fn();
    const { user } = renderScreen(<PatientForm patient={patient} onSaved={onSaved} />);
    expect(screen.getByText(/Consentimiento dado el 1 de marzo de 2025/)).toBeInTheDocument();

    const policy = screen.getByRole('textbox', { name: 'Nº de póliza' });
    await user.type(policy, 'MAL');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Ese número de póliza no es válido')).toBeInTheDocument();
    expect(policy).toHaveValue('MAL');
    expect(policy).toHaveAttribute('aria-invalid', 'true');
    expect(onSaved).not.toHaveBeenCalled();

    await user.clear(policy);
    await user.type(policy, 'SAN-1');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.at(-1)).toMatchObject({ method: 'PATCH', url: '/api/patients/p-9', body: { policyNumber: 'SAN-1' } });
    expect(Object.keys(calls.at(-1)!.body as object)).toEqual(['policyNumber']);
  });

  it('chooses her insurer from the active ones of «Aseguradoras», with her card number', async () => {
    const { calls } = stubApi((call) =>
      call.url === '/api/insurers'
        ? { status: 200, body: insurers }
        : { status: 200, body: { ...patient, ...(call.body as object) } },
    );
    const onSaved = vi.fn();
    const { user } = renderScreen(<PatientForm patient={patient} onSaved={onSaved} />);
    await user.click(screen.getByRole('combobox', { name: 'Aseguradora' }));
    expect(await screen.findByRole('option', { name: 'Sanitas' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Vieja Mutua/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Sanitas' }));
    await user.type(screen.getByRole('textbox', { name: 'Nº de tarjeta' }), '0012 3456');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.at(-1)).toMatchObject({
      method: 'PATCH',
      body: { insurerId: SANITAS, cardNumber: '0012 3456' },
    });
    expect(Object.keys(calls.at(-1)!.body as object).sort()).toEqual(['cardNumber', 'insurerId']);
  });
});
