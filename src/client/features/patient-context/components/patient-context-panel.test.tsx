import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PatientContext } from '../../../../common/schemas/patient-context';
import { renderScreen, stubApi } from '../../../test/render';
import { PatientContextPanel } from './patient-context-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const context: PatientContext = {
  patientId: 'p1',
  name: 'Javier Moreno López',
  birthDate: '1982-06-14',
  age: 43,
  allergies: 'Penicilina',
  medicalHistory: 'Hipertensión arterial',
  activeTreatments: [
    {
      id: 't1',
      title: 'Rehabilitación lumbar',
      diagnosis: 'Lumbalgia',
      startDate: '2025-12-21',
      endDate: null,
      sessionsPlanned: 10,
      sessionsDone: 3,
      doctorName: 'Dra. Lucía',
    },
  ],
  currentMedication: [
    {
      prescriptionId: 'r1',
      prescribedOn: '2026-01-11',
      validUntil: '2026-01-20',
      medicine: 'Paracetamol 1 g comprimidos',
      dose: '1 comprimido',
      frequency: 'cada 8 horas',
      duration: '5 días',
      doctorName: 'Dra. Lucía',
    },
  ],
  lastNotes: [
    {
      id: 'n1',
      appointmentId: 'a1',
      date: '2026-01-06T13:20:00.000Z',
      doctorName: 'Dra. Lucía',
      diagnosis: 'Lumbalgia mecánica',
      diagnosisCode: 'M54.5',
      summary: 'Ejercicios y revisión',
    },
  ],
  today: '2026-01-14',
};

describe('«Contexto del paciente» on the consultation screen', () => {
  it('asks the server for the patient’s context and shows allergies in an alert, age, medication, treatments and notes', async () => {
    const { calls } = stubApi(() => ({ status: 200, body: context }));
    renderScreen(<PatientContextPanel patientId="p1" timeZone="Europe/Madrid" />);
    expect(await screen.findByText('43 años')).toBeInTheDocument();
    expect(calls.at(-1)!.url).toBe('/api/patients/p1/context');
    expect(within(screen.getByRole('alert')).getByText('Penicilina')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Medicación actual' })).getByText('Paracetamol 1 g comprimidos'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Receta del 11 de enero de 2026, válida hasta el 20 de enero de 2026 · Dra. Lucía'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Tratamientos activos' })).getByText('Rehabilitación lumbar'),
    ).toBeInTheDocument();
    const notes = screen.getByRole('region', { name: 'Últimas notas firmadas' });
    expect(within(notes).getByText('martes, 6 de enero de 2026 · Dra. Lucía')).toBeInTheDocument();
    expect(within(notes).getByText('Ejercicios y revisión')).toBeInTheDocument();
  });

  it('says plainly what there is not', async () => {
    stubApi(() => ({
      status: 200,
      body: { ...context, age: null, allergies: '', activeTreatments: [], currentMedication: [], lastNotes: [] },
    }));
    renderScreen(<PatientContextPanel patientId="p1" timeZone="Europe/Madrid" />);
    expect(await screen.findByText('No constan alergias.')).toBeInTheDocument();
    expect(screen.getByText('Edad desconocida')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    for (const empty of ['Sin recetas vigentes.', 'Sin tratamientos activos.', 'Sin notas firmadas.'])
      expect(screen.getByText(empty)).toBeInTheDocument();
  });
});
