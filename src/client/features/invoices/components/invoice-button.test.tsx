import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Appointment } from '../../../../common/schemas/appointments';
import { renderScreen, stubApi, type ApiCall } from '../../../test/render';
import type { VerifactuMode } from '../../../../common/schemas/verifactu';
import { AppointmentInvoicesBatch } from './appointment-invoices-batch';
import { InvoiceButton } from './invoice-button';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ANA = '0d6f4c2a-1b3e-4c5d-8e9f-0a1b2c3d4e5f';
const LUIS = '1e7a5d3b-2c4f-4d6e-9f0a-1b2c3d4e5f60';
const PEDRO = '2f8b6e4c-3d5a-4e7f-a01b-2c3d4e5f6071';

const visit = (id: string, patientName: string, status: Appointment['status'] = 'atendida'): Appointment => ({
  id,
  patientId: `p-${id}`,
  patientName,
  patientPhone: '600 123 456',
  patientEmail: '',
  patientBirthDate: null,
  patientDocument: null,
  doctorId: 'd-1',
  doctorName: 'Dra. Lucía Fernández',
  doctorColor: '#1c7ed6',
  specialty: 'Medicina familiar',
  startsAt: '2026-03-23T08:30:00.000Z',
  endsAt: '2026-03-23T09:00:00.000Z',
  reason: 'Revisión',
  channel: 'telefono',
  status,
  arrivedAt: '2026-03-23T08:25:00.000Z',
  cancelReason: null,
  cancelReasonVisible: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  serviceId: 's-1',
});

const INVOICE = { appointmentId: ANA, invoiceId: 'i-12', number: 'F2026-000012' };
const PRUEBAS: VerifactuMode = {
  mode: 'pruebas',
  productionSince: null,
  issuerNif: 'B12345674',
  certificate: { status: 'absent', holder: null, nif: null, validTo: null, daysLeft: null, reason: null },
  sending: {
    ok: false,
    detail:
      'Modo pruebas: las facturas no tienen valor fiscal. No se envía ningún registro al entorno de pruebas de la AEAT: no hay certificado configurado.',
  },
  productionBlockers: ['No hay certificado electrónico configurado.'],
  representativeNeeded: false,
  certificateWarning: null,
  system: {
    producerName: 'Clínica Software, S.L.',
    producerNif: 'B00000000',
    producerAddress: 'Apartado de Correos 1, 28080 Madrid, España',
    name: 'Clínica',
    id: 'CL',
    version: '0.1.0',
    installationNumber: '0b6f3a52-58e3-4b0e-9d1c-3f0f2b7f5e11',
  },
  openIncident: null,
};
const isLookup = (call: ApiCall) => call.url.startsWith('/api/invoices/of-appointments?ids=');
/** What «Facturar» shows before issuing (`POST /api/invoices/preview`): the visit at its service's price. */
const PREVIEW = {
  type: 'F2',
  recipient: null,
  treatedName: 'Luis Pérez',
  guardian: null,
  lines: [
    {
      description: 'Revisión — 23/03/2026, Dra. Lucía Fernández',
      quantity: 1,
      unitPriceCents: 6000,
      vat: 'exenta',
      discount: null,
      discountCents: 0,
      invoiceDiscountCents: 0,
      baseCents: 6000,
    },
  ],
  discount: null,
  discountCents: 0,
  groups: [{ vat: 'exenta', baseCents: 6000, taxCents: 0 }],
  baseCents: 6000,
  taxCents: 0,
  totalCents: 6000,
  withholdingRate: 0,
  withholdingCents: 0,
  amountDueCents: 6000,
};

describe('«Facturar» beside an attended visit', () => {
  it('a visit its insurer covers whole says «Cubierto por …» and offers no «Facturar»', async () => {
    stubApi((call) => {
      if (isLookup(call))
        return {
          status: 200,
          body: { invoices: [], packSessions: [], covered: [{ appointmentId: LUIS, insurerName: 'Adeslas' }] },
        };
      return { status: 404, body: {} };
    });
    renderScreen(<InvoiceButton appointment={visit(LUIS, 'Luis Pérez')} timeZone="Europe/Madrid" />);
    expect(await screen.findByText('Cubierto por Adeslas')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Facturar/ })).toBeNull();
  });

  it('an invoiced visit shows its invoice, which downloads, and no «Facturar»', async () => {
    const { calls } = stubApi((call) => {
      if (isLookup(call)) return { status: 200, body: { invoices: [INVOICE], packSessions: [] } };
      return { status: 404, body: {} };
    });
    renderScreen(<InvoiceButton appointment={visit(ANA, 'Ana García')} timeZone="Europe/Madrid" />);
    const link = await screen.findByRole('link', { name: 'Descargar la factura F2026-000012 de Ana García' });
    expect(link).toHaveTextContent('Factura F2026-000012');
    expect(link).toHaveAttribute('href', '/api/invoices/i-12/pdf');
    expect(link).toHaveAttribute('download');
    expect(screen.queryByRole('button', { name: /^Facturar/ })).not.toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual([`/api/invoices/of-appointments?ids=${ANA}`]);
  });

  it('a visit that used a session of a pack shows «Bono 3/10» instead of «Facturar»', async () => {
    stubApi((call) =>
      isLookup(call)
        ? {
            status: 200,
            body: { invoices: [], packSessions: [{ appointmentId: LUIS, packId: 'b-1', number: 3, sessions: 10 }] },
          }
        : { status: 404, body: {} },
    );
    renderScreen(<InvoiceButton appointment={visit(LUIS, 'Luis Pérez')} timeZone="Europe/Madrid" />);
    expect(await screen.findByText('Bono 3/10')).toBeVisible();
    expect(screen.getByLabelText('Sesión 3 de 10 de un bono')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Facturar/ })).not.toBeInTheDocument();
  });

  it('a visit left to invoice offers «Facturar», and once invoiced shows the new invoice instead', async () => {
    let issued = false;
    stubApi((call) => {
      if (isLookup(call)) {
        const answer = issued ? [{ appointmentId: LUIS, invoiceId: 'i-13', number: 'S2026-000013' }] : [];
        return { status: 200, body: { invoices: answer, packSessions: [] } };
      }
      if (call.url === '/api/services') return { status: 200, body: [] };
      if (call.url === '/api/verifactu/mode') return { status: 200, body: PRUEBAS };
      if (call.url === '/api/invoices/preview') return { status: 200, body: PREVIEW };
      issued = true;
      return { status: 201, body: { id: 'i-13', number: 'S2026-000013', totalCents: 6000, amountDueCents: 6000 } };
    });
    const { user } = renderScreen(<InvoiceButton appointment={visit(LUIS, 'Luis Pérez')} timeZone="Europe/Madrid" />);
    await user.click(await screen.findByRole('button', { name: 'Facturar la cita de Luis Pérez' }));
    const dialog = screen.getByRole('dialog', { name: 'Facturar la cita de Luis Pérez' });
    // The desk knows before issuing that, in pruebas, the invoice has no fiscal value.
    expect(await within(dialog).findByText('Facturación en modo pruebas')).toBeVisible();
    expect(within(dialog).getByText(/Cada factura lleva «SIN VALOR FISCAL — PRUEBAS»/)).toBeVisible();
    // The amount as the server will issue it, before issuing.
    const preview = await within(dialog).findByRole('region', { name: 'Vista previa de la factura' });
    expect(within(preview).getByText('Total factura').parentElement).toHaveTextContent(/^Total factura60,00\s€$/);
    await user.click(within(dialog).getByRole('button', { name: 'Emitir factura' }));
    // Issuing refreshes what is known of the visit's invoice (`invoiceKeys.all`).
    expect(await screen.findByRole('link', { name: 'Descargar la factura S2026-000013 de Luis Pérez' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Facturar la cita de Luis Pérez' })).not.toBeInTheDocument();
  });

  it('a diary’s attended visits are asked in one request, and a visit not attended shows nothing', async () => {
    const { calls } = stubApi((call) =>
      isLookup(call) ? { status: 200, body: { invoices: [INVOICE], packSessions: [] } } : { status: 404, body: {} },
    );
    const day = [visit(PEDRO, 'Pedro Ruiz'), visit(ANA, 'Ana García'), visit(LUIS, 'Luis Pérez', 'confirmada')];
    renderScreen(
      <AppointmentInvoicesBatch appointments={day}>
        {day.map((appointment) => (
          <InvoiceButton key={appointment.id} appointment={appointment} timeZone="Europe/Madrid" />
        ))}
      </AppointmentInvoicesBatch>,
    );
    expect(await screen.findByRole('link', { name: 'Descargar la factura F2026-000012 de Ana García' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Facturar la cita de Pedro Ruiz' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Facturar la cita de Luis Pérez' })).not.toBeInTheDocument();
    expect(calls.filter(isLookup).map((call) => call.url)).toEqual([
      `/api/invoices/of-appointments?ids=${[ANA, PEDRO].sort().join(',')}`,
    ]);
  });

  it('keeps the last answer on screen while a visit just attended is asked about, rendering again without looping', async () => {
    let release: () => void = () => {};
    stubApi((call) => {
      if (!isLookup(call)) return { status: 404, body: {} };
      if (!call.url.includes(PEDRO)) return { status: 200, body: { invoices: [INVOICE], packSessions: [] } };
      return new Promise((resolve) => {
        release = () => resolve({ status: 200, body: { invoices: [INVOICE], packSessions: [] } });
      });
    });
    function Day() {
      const [day, setDay] = useState([visit(ANA, 'Ana García'), visit(PEDRO, 'Pedro Ruiz', 'en_sala')]);
      const [, setTick] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setDay([day[0]!, visit(PEDRO, 'Pedro Ruiz')])}>
            Atender
          </button>
          <button type="button" onClick={() => setTick((tick) => tick + 1)}>
            Otra vez
          </button>
          <AppointmentInvoicesBatch appointments={day}>
            {day.map((appointment) => (
              <InvoiceButton key={appointment.id} appointment={appointment} timeZone="Europe/Madrid" />
            ))}
          </AppointmentInvoicesBatch>
        </>
      );
    }
    const { user } = renderScreen(<Day />);
    const ana = 'Descargar la factura F2026-000012 de Ana García';
    expect(await screen.findByRole('link', { name: ana })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Atender' }));
    // While Pedro's is asked, Ana's invoice stays and Pedro gets nothing yet (not a «Facturar» that may be wrong).
    await user.click(screen.getByRole('button', { name: 'Otra vez' }));
    await user.click(screen.getByRole('button', { name: 'Otra vez' }));
    expect(screen.getByRole('link', { name: ana })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Facturar la cita de Pedro Ruiz' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('button', { name: 'Facturar la cita de Pedro Ruiz' })).toBeVisible();
    expect(screen.getByRole('link', { name: ana })).toBeVisible();
  });
});
