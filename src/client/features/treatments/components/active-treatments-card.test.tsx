import '../../../test/mantine-polyfills';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Treatment } from '../../../../common/schemas/treatments';
import { renderScreen, stubApi } from '../../../test/render';
import { ActiveTreatmentsCard } from './active-treatments-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const treatment = (fields: Partial<Treatment>): Treatment => ({
  id: 't1',
  patientId: 'p1',
  patientName: 'Javier Moreno López',
  doctorId: 'd1',
  doctorName: 'Dra. Lucía Fernández Gómez',
  title: 'Rehabilitación lumbar',
  diagnosis: '',
  description: '',
  startDate: '2026-03-01',
  endDate: null,
  status: 'activo',
  sessionsPlanned: 10,
  sessionsDone: 3,
  prescriptions: [],
  appointmentIds: [],
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...fields,
});

describe('the paciente dashboard card «Tratamientos activos»', () => {
  it('asks for the active treatments and shows each with its sessions and the link to the screen', async () => {
    const { calls } = stubApi(() => ({ status: 200, body: [treatment({})] }));
    renderScreen(<ActiveTreatmentsCard />);
    expect(await screen.findByText('3 de 10 sesiones')).toBeInTheDocument();
    expect(calls.at(-1)!.url).toBe('/api/treatments?status=activo');
    expect(
      screen.getByRole('progressbar', { name: 'Progreso de Rehabilitación lumbar: 3 de 10 sesiones' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver mis tratamientos' })).toHaveAttribute(
      'href',
      '/pacientes/tratamientos',
    );
  });

  it('says so when there is none, and still links to the screen', async () => {
    stubApi(() => ({ status: 200, body: [] }));
    renderScreen(<ActiveTreatmentsCard />);
    expect(await screen.findByText('No tienes tratamientos activos.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Tratamientos activos' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver mis tratamientos' })).toHaveAttribute(
      'href',
      '/pacientes/tratamientos',
    );
  });
});
