import '../../../test/mantine-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../../common/paths';
import type { PatientList, PatientSummary } from '../../../../common/schemas/patients';
import { renderScreen, stubApi } from '../../../test/render';
import { PatientLoader } from './patient-loader';
import { PatientSearchList } from './patient-search-list';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ana: PatientSummary = {
  id: 'p-1',
  firstName: 'Ana',
  lastName: 'García López',
  documentType: 'dni',
  documentNumber: '12345678Z',
  birthDate: '1980-05-02',
  phone: '600 123 456',
  email: 'ana@example.com',
  hasAccount: true,
};

const list = (items: PatientSummary[], total = items.length, totalIsCapped = false): PatientList => ({
  items,
  total,
  totalIsCapped,
  page: 1,
  pageSize: 20,
});

const DOCTOR_EMPTY = 'Aún no tienes pacientes: aparecerán aquí cuando tengan una cita contigo.';

function renderList() {
  return renderScreen(<PatientSearchList patientHref={paths.doctor.patient} emptyTitle={DOCTOR_EMPTY} />, {
    path: paths.doctor.patients,
  });
}

describe('patient search list', () => {
  it('shows the total, the rows as links and pages', async () => {
    stubApi(() => ({ status: 200, body: list([ana], 1234) }));
    renderList();
    expect(await screen.findByText('1.234 pacientes')).toBeInTheDocument();
    const row = screen.getByRole('link', { name: 'García López, Ana' });
    expect(row).toHaveAttribute('href', '/doctor/pacientes/p-1');
    const table = screen.getByRole('table', { name: 'Pacientes' });
    expect(within(table).getByText('DNI 12345678Z')).toBeInTheDocument();
    expect(within(table).getByText('02/05/1980')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página 62' })).toBeInTheDocument();
  });

  it('searches on the server once the typing pauses, and says when nothing matches', async () => {
    const { calls } = stubApi((call) => ({ status: 200, body: call.url.includes('q=') ? list([]) : list([ana]) }));
    const { user } = renderList();
    await screen.findByText('1 paciente');

    await user.type(screen.getByRole('searchbox', { name: 'Buscar pacientes' }), 'zzz');
    expect(await screen.findByText('Ningún paciente coincide con «zzz»')).toBeInTheDocument();
    const searches = calls.filter((call) => call.url.includes('q='));
    expect(searches).toHaveLength(1);
    expect(searches[0]!.url).toBe('/api/patients?q=zzz&page=1&pageSize=20&sort=apellidos&order=asc');
  });

  it('says when the server stopped counting', async () => {
    stubApi(() => ({ status: 200, body: list([ana], 10_000, true) }));
    renderList();
    expect(await screen.findByText('Más de 10.000 pacientes')).toBeInTheDocument();
  });

  it('says a doctor has no patients yet', async () => {
    stubApi(() => ({ status: 200, body: list([]) }));
    renderList();
    expect(await screen.findByText(DOCTOR_EMPTY)).toBeInTheDocument();
  });

  it('sorts by a header', async () => {
    const { calls } = stubApi(() => ({ status: 200, body: list([ana]) }));
    const { user } = renderList();
    await screen.findByText('1 paciente');
    await user.click(screen.getByRole('button', { name: 'Nacimiento' }));
    await waitFor(() => expect(calls.at(-1)!.url).toContain('sort=nacimiento&order=asc'));
    await user.click(screen.getByRole('button', { name: 'Nacimiento' }));
    await waitFor(() => expect(calls.at(-1)!.url).toContain('sort=nacimiento&order=desc'));
  });
});

describe('patient chart loader', () => {
  it('shows «Paciente no encontrado» with a way back on 404', async () => {
    stubApi(() => ({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'No se ha encontrado lo que buscas.' } },
    }));
    renderScreen(
      <PatientLoader id="nope" backHref={paths.doctor.patients}>
        {(patient) => patient.firstName}
      </PatientLoader>,
    );
    expect(await screen.findByText('Paciente no encontrado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a la lista de pacientes' })).toHaveAttribute(
      'href',
      '/doctor/pacientes',
    );
  });
});
