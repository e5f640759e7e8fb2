import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceList } from '../../../../common/schemas/invoices';
import type { Patient } from '../../../../common/schemas/patients';
import { renderScreen, stubApi } from '../../../test/render';
import PatientChartPage from './patient';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const patient: Patient = {
  id: '4df2850f-a2c0-48cf-bc94-503f07fbad31',
  firstName: 'Cristina',
  lastName: 'Alonso Pardo',
  documentType: 'dni',
  documentNumber: '11544205E',
  documentCountry: null,
  birthDate: '1980-01-01',
  sex: 'mujer',
  phone: '+34 670 506 426',
  email: 'cristina@example.com',
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
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

function show(lists: { consents?: unknown[]; questionnaires?: unknown[]; invoices?: InvoiceList } = {}) {
  return showWith(lists).screen;
}

function showWith(lists: { consents?: unknown[]; questionnaires?: unknown[]; invoices?: InvoiceList }) {
  const api = stubApi((call) => {
    if (lists.invoices && call.url.startsWith('/api/invoices?')) return { status: 200, body: lists.invoices };
    if (call.url === `/api/patients/${patient.id}`) return { status: 200, body: patient };
    if (call.url === '/api/public/clinic') return { status: 200, body: { timeZone: 'Europe/Madrid' } };
    if (call.url === `/api/patients/${patient.id}/consents`) return { status: 200, body: lists.consents ?? [] };
    if (call.url === `/api/patients/${patient.id}/questionnaires`)
      return { status: 200, body: lists.questionnaires ?? [] };
    if (call.url.startsWith(`/api/patients/${patient.id}/chart`))
      return { status: 200, body: { items: [], next: null, timeZone: 'Europe/Madrid' } };
    return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No encontrado' } } };
  });
  const screen = renderScreen(<PatientChartPage />, {
    path: '/admin/pacientes/:id',
    at: `/admin/pacientes/${patient.id}`,
    routes: [{ path: '/admin/citas/nueva', element: <p>Formulario de nueva cita</p> }],
  });
  return { screen, api };
}

describe("the patient's chart page", () => {
  it('shows the clinical history first and the data form only behind «Editar datos»', async () => {
    const { user } = show();
    const history = await screen.findByRole('heading', { name: 'Historia clínica' });
    expect(screen.queryByRole('form', { name: 'Datos de Cristina Alonso Pardo' })).toBeNull();
    const edit = screen.getByRole('button', { name: 'Editar datos' });
    expect(edit).toHaveAttribute('aria-expanded', 'false');
    await user.click(edit);
    const form = screen.getByRole('form', { name: 'Datos de Cristina Alonso Pardo' });
    expect(within(form).getByRole('textbox', { name: /^Teléfono/ })).toHaveValue('+34 670 506 426');
    // The history is still there, after the form.
    expect(form.compareDocumentPosition(history) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('form', { name: 'Datos de Cristina Alonso Pardo' })).toBeNull();
  });

  it('«Nueva cita» opens the new-appointment form with the patient chosen', async () => {
    const { user, router } = show();
    await user.click(await screen.findByRole('link', { name: 'Nueva cita' }));
    expect(router.state.location.pathname).toBe('/admin/citas/nueva');
    expect(router.state.location.search).toBe(`?patientId=${patient.id}`);
  });

  it('lists her consents and questionnaires, each section with its own Spanish empty state', async () => {
    show();
    const consents = await screen.findByRole('region', { name: 'Consentimientos informados' });
    expect(await within(consents).findByText('No se le ha pedido ningún consentimiento informado.')).toBeVisible();
    const questionnaires = screen.getByRole('region', { name: 'Cuestionarios' });
    expect(await within(questionnaires).findByText('No se le ha pedido ningún cuestionario.')).toBeVisible();
  });

  it('shows a signed consent with its PDF on the desk’s chart', async () => {
    show({
      consents: [
        {
          id: 'c-1',
          appointmentId: 'a-1',
          startsAt: '2026-03-04T08:00:00.000Z',
          doctorName: 'Dra. Marta Sánchez',
          title: 'Consentimiento para infiltración',
          versionNumber: 2,
          status: 'firmado',
          actedAt: '2026-03-02T09:15:00.000Z',
        },
      ],
    });
    const consents = await screen.findByRole('region', { name: 'Consentimientos informados' });
    expect(await within(consents).findByText('Firmado el 2 mar 2026, 10:15')).toBeVisible();
    expect(within(consents).getByRole('link', { name: /^Descargar el PDF/ })).toHaveAttribute(
      'href',
      '/api/consent-requests/c-1/pdf',
    );
  });

  it('takes a payment of one of her invoices on her own page, as «Facturación» does', async () => {
    const owed = {
      id: 'inv-1',
      number: 'S2026-000007',
      type: 'F2' as const,
      issueDate: '2026-03-03',
      patientId: patient.id,
      patientName: 'Cristina Alonso Pardo',
      baseCents: 5000,
      taxCents: 0,
      totalCents: 5000,
      paidCents: 2000,
      outstandingCents: 3000,
      rectifies: null,
      substitutedByNumber: null,
      concept: 'Consulta de medicina general — 03/03/2026',
      state: 'emitida' as const,
      collection: 'pago_parcial' as const,
    };
    const { screen: view, api } = showWith({
      invoices: { invoices: [owed], totals: { count: 1, baseCents: 5000, taxCents: 0, totalCents: 5000 } },
    });
    await view.user.click(await screen.findByRole('button', { name: 'Cobrar la factura S2026-000007' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cobrar la factura S2026-000007' });
    expect(within(dialog).getByRole('textbox', { name: 'Importe' })).toHaveValue('30,00 €');
    expect(api.calls.map((call) => call.url)).toContain(`/api/invoices?patientId=${patient.id}`);
  });
});
