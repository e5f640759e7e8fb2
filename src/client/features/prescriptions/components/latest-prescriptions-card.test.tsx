import '../../../test/mantine-polyfills';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '../../../test/render';
import { LatestPrescriptionsCard } from './latest-prescriptions-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const prescription = {
  id: 'r1',
  patientId: 'p1',
  patientName: 'Javier Moreno López',
  doctorId: 'd1',
  doctorName: 'Dra. Lucía Fernández Gómez',
  treatmentId: null,
  treatmentTitle: null,
  prescribedOn: '2026-03-20',
  validUntil: '2026-03-29',
  diagnosis: 'Lumbalgia',
  medicines: [
    {
      medicine: 'Paracetamol 1 g comprimidos',
      dose: '1 comprimido',
      route: 'Oral',
      frequency: 'Cada 8 horas',
      duration: '5 días',
      instructions: '',
    },
  ],
  verificationCode: 'ABCD-1234',
  status: 'activa',
  allergyConflicts: [],
  allergyOverrideReason: null,
  cancelReason: null,
  cancelledAt: null,
  createdAt: '2026-03-20T10:00:00.000Z',
};

describe('the paciente dashboard card «Últimas recetas»', () => {
  it('asks for the latest three and offers each PDF', async () => {
    const { calls } = stubApi(() => ({ status: 200, body: { items: [prescription], total: 1, page: 1, pageSize: 3 } }));
    renderScreen(<LatestPrescriptionsCard />);
    expect(await screen.findByText('Paracetamol 1 g comprimidos')).toBeInTheDocument();
    expect(calls.at(-1)!.url).toBe('/api/prescriptions?page=1&pageSize=3');
    expect(screen.getByRole('link', { name: 'Descargar el PDF de la receta del 20 de marzo de 2026' })).toHaveAttribute(
      'href',
      '/api/prescriptions/r1/pdf',
    );
  });

  it('an expired one says «Caducada» as the server computed it; an active one shows no status', async () => {
    stubApi(() => ({
      status: 200,
      body: {
        items: [prescription, { ...prescription, id: 'r2', prescribedOn: '2026-03-01', status: 'caducada' }],
        total: 2,
        page: 1,
        pageSize: 3,
      },
    }));
    renderScreen(<LatestPrescriptionsCard />);
    expect(await screen.findByText('1 de marzo de 2026 · Dra. Lucía Fernández Gómez · Caducada')).toBeInTheDocument();
    expect(screen.getByText('20 de marzo de 2026 · Dra. Lucía Fernández Gómez')).toBeInTheDocument();
  });

  it('says so when there is none, and links to the screen', async () => {
    stubApi(() => ({ status: 200, body: { items: [], total: 0, page: 1, pageSize: 3 } }));
    renderScreen(<LatestPrescriptionsCard />);
    expect(await screen.findByText('Todavía no tienes recetas.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver mis tratamientos y recetas' })).toHaveAttribute(
      'href',
      '/pacientes/tratamientos',
    );
  });
});
