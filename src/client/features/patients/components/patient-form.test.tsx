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

describe('patient form', () => {
  it('refuses a DNI whose letter does not match its numbers, without calling the API', async () => {
    const { calls } = stubApi(() => ({ status: 500 }));
    const { user } = renderScreen(<PatientForm />);
    await fillNewPatient(user, '12345678A');
    await user.click(screen.getByRole('button', { name: 'Crear paciente' }));

    expect(await screen.findByText('La letra del DNI no corresponde a sus números')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
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

    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
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
    const { calls } = stubApi((call) =>
      (call.body as { insurer?: string }).insurer === 'Sanitaz'
        ? {
            status: 400,
            body: {
              error: {
                code: 'VALIDATION',
                message: 'Revisa los datos enviados.',
                fields: { insurer: 'Esa aseguradora no existe' },
              },
            },
          }
        : { status: 200, body: { ...patient, ...(call.body as object) } },
    );
    const onSaved = vi.fn();
    const { user } = renderScreen(<PatientForm patient={patient} onSaved={onSaved} />);
    expect(screen.getByText(/Consentimiento dado el 1 de marzo de 2025/)).toBeInTheDocument();

    const insurer = screen.getByRole('textbox', { name: 'Aseguradora' });
    await user.type(insurer, 'Sanitaz');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Esa aseguradora no existe')).toBeInTheDocument();
    expect(insurer).toHaveValue('Sanitaz');
    expect(insurer).toHaveAttribute('aria-invalid', 'true');
    expect(onSaved).not.toHaveBeenCalled();

    await user.clear(insurer);
    await user.type(insurer, 'Sanitas');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.at(-1)).toMatchObject({ method: 'PATCH', url: '/api/patients/p-9', body: { insurer: 'Sanitas' } });
    expect(Object.keys(calls.at(-1)!.body as object)).toEqual(['insurer']);
  });
});
