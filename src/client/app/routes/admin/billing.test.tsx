import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceList } from '../../../../common/schemas/invoices';
import { fill, renderScreen, stubApi } from '../../../test/render';
import BillingPage from './billing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const summary = (number: string, state: 'emitida' | 'anulada', totalCents: number) => ({
  id: `id-${number}`,
  number,
  type: 'F2' as const,
  issueDate: '2026-03-03',
  patientId: 'p-1',
  patientName: 'Lucía Pérez',
  baseCents: totalCents,
  taxCents: 0,
  totalCents,
  paidCents: 0,
  outstandingCents: state === 'emitida' ? totalCents : 0,
  rectifies: null,
  substitutedByNumber: null,
  concept: 'Consulta de medicina general — 03/03/2026',
  state,
  collection: state === 'emitida' ? ('pendiente' as const) : ('anulada' as const),
});
const list: InvoiceList = {
  invoices: [summary('S2026-000002', 'emitida', 6000), summary('S2026-000001', 'anulada', 9000)],
  totals: { count: 1, baseCents: 6000, taxCents: 0, totalCents: 6000 },
};
const issuer = { legalName: '', taxId: '', address: '', registry: '' };

type Handler = Parameters<typeof stubApi>[0];
/** The screen's own answers from `handler`; the filters' doctors and services none, and the clinic's zone. */
const stubBilling = (handler: Handler) =>
  stubApi((call) => {
    if (call.url === '/api/public/clinic') return { status: 200, body: { timeZone: 'Europe/Madrid' } };
    // The billing mode's banner is tested on its own (billing-mode-banner.test.tsx): here it has nothing to say.
    if (call.url === '/api/verifactu/mode') return { status: 404, body: {} };
    const own = handler(call);
    if (call.url.startsWith('/api/doctors') || call.url === '/api/services') {
      return own && 'body' in own && Array.isArray(own.body) ? own : { status: 200, body: [] };
    }
    return own;
  });

describe('«Facturación»', () => {
  it('says what each invoice’s account says of its money, and filters those still owed', async () => {
    const owing: InvoiceList = {
      invoices: [
        {
          ...summary('S2026-000005', 'emitida', 5000),
          paidCents: 2000,
          outstandingCents: 3000,
          collection: 'pago_parcial',
        },
        { ...summary('S2026-000004', 'emitida', 6000), paidCents: 6000, outstandingCents: 0, collection: 'pagada' },
        summary('S2026-000003', 'emitida', 7000),
      ],
      totals: { count: 3, baseCents: 18000, taxCents: 0, totalCents: 18000 },
    };
    const { calls } = stubBilling((call) =>
      call.url === '/api/billing/issuer' ? { status: 200, body: issuer } : { status: 200, body: owing },
    );
    const { user } = renderScreen(<BillingPage />);
    const table = await screen.findByRole('table', { name: 'Facturas' });
    const row = (number: string) => within(table).getByText(number).closest('tr')!;
    expect(within(row('S2026-000005')).getByText('Pago parcial')).toBeInTheDocument();
    expect(within(row('S2026-000005')).getByText('Faltan 30,00 €')).toBeInTheDocument();
    expect(within(row('S2026-000004')).getByText('Pagada')).toBeInTheDocument();
    expect(within(row('S2026-000003')).getByText('Pendiente')).toBeInTheDocument();
    // What is still owed: 30 € + 70 €.
    expect(within(table).getAllByText('100,00 €')).toHaveLength(1);

    await user.click(screen.getByRole('combobox', { name: 'Estado' }));
    await user.click(await screen.findByRole('option', { name: 'Por cobrar (pendiente o parcial)' }));
    await vi.waitFor(() => expect(calls.some((call) => call.url === '/api/invoices?collection=por_cobrar')).toBe(true));
  });

  it('shows what each invoice still owes and takes a payment of it, all of it by default', async () => {
    const { calls } = stubBilling((call) => {
      if (call.url === '/api/billing/issuer') return { status: 200, body: issuer };
      if (call.method === 'POST')
        return { status: 201, body: { totalCents: 6000, paidCents: 6000, outstandingCents: 0, payments: [] } };
      return { status: 200, body: list };
    });
    const { user } = renderScreen(<BillingPage />);
    const table = await screen.findByRole('table', { name: 'Facturas' });
    const live = within(table).getByText('S2026-000002').closest('tr')!;
    // 60,00 € owed by the standing invoice; the cancelled one owes nothing and cannot be paid.
    expect(within(live).getAllByText('60,00 €')).toHaveLength(3);
    const cancelledRow = within(table).getByText('S2026-000001').closest('tr')!;
    expect(within(cancelledRow).queryByRole('button', { name: /Cobrar/ })).not.toBeInTheDocument();

    await user.click(within(live).getByRole('button', { name: 'Cobrar la factura S2026-000002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cobrar la factura S2026-000002' });
    expect(within(dialog).getByRole('textbox', { name: 'Importe' })).toHaveValue('60,00 €');
    await user.click(within(dialog).getByRole('radio', { name: 'Bizum' }));
    await user.click(within(dialog).getByRole('button', { name: 'Registrar cobro' }));
    await screen.findByText('Cobro registrado');
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe('/api/invoices/id-S2026-000002/payments');
    expect(post.body).toEqual({ method: 'bizum', amountCents: 6000, note: '' });
  });

  it('lists invoices with their PDF, totals only what stands, and cancels one with its reason', async () => {
    const { calls } = stubBilling((call) => {
      if (call.url === '/api/billing/issuer') return { status: 200, body: issuer };
      if (call.method === 'POST') return { status: 200, body: { ...list.invoices[0], state: 'anulada' } };
      return { status: 200, body: list };
    });
    const { user } = renderScreen(<BillingPage />);
    const table = await screen.findByRole('table', { name: 'Facturas' });
    const live = within(table).getByText('S2026-000002').closest('tr')!;
    expect(within(live).getByRole('link', { name: 'Descargar el PDF de la factura S2026-000002' })).toHaveAttribute(
      'href',
      '/api/invoices/id-S2026-000002/pdf',
    );
    const cancelledRow = within(table).getByText('S2026-000001').closest('tr')!;
    expect(within(cancelledRow).getByText('Anulada')).toBeInTheDocument();
    expect(within(cancelledRow).queryByRole('button', { name: /Anular/ })).not.toBeInTheDocument();
    expect(within(table).getByText('1 factura emitida (sin anuladas)')).toBeInTheDocument();

    await user.click(within(live).getByRole('button', { name: 'Anular la factura S2026-000002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anular la factura S2026-000002' });
    await user.click(within(dialog).getByRole('button', { name: 'Anular factura' }));
    expect(within(dialog).getByText('Indica el motivo de la anulación (al menos 5 caracteres)')).toBeInTheDocument();
    await fill(user, within(dialog).getByRole('textbox', { name: 'Motivo' }), 'Paciente equivocado');
    await user.click(within(dialog).getByRole('button', { name: 'Anular factura' }));
    await screen.findByText('Factura anulada');
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe('/api/invoices/id-S2026-000002/cancel');
    expect(post.body).toEqual({ reason: 'Paciente equivocado' });
  });

  it('asks for the fiscal data before the first invoice and shows the server’s message on the NIF', async () => {
    const { calls } = stubBilling((call) => {
      if (call.method === 'PUT') {
        return {
          status: 400,
          body: {
            error: {
              code: 'VALIDATION',
              message: 'Revisa los datos enviados.',
              fields: { taxId: 'El carácter de control del NIF no corresponde' },
            },
          },
        };
      }
      if (call.url === '/api/billing/issuer') return { status: 200, body: issuer };
      return { status: 200, body: list };
    });
    const { user } = renderScreen(<BillingPage />, {
      path: '/admin/facturacion',
      at: '/admin/facturacion?pestana=datos-fiscales',
    });
    expect(await screen.findByText('Aún no se puede facturar')).toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: 'Razón social' }), 'Clínica Norte, S.L.');
    await fill(user, screen.getByRole('textbox', { name: 'NIF' }), 'B12345675');
    await fill(user, screen.getByRole('textbox', { name: 'Dirección fiscal' }), 'Calle Mayor 1, Madrid');
    await user.click(screen.getByRole('button', { name: 'Guardar datos fiscales' }));
    expect(await screen.findByText('El carácter de control del NIF no corresponde')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      legalName: 'Clínica Norte, S.L.',
      taxId: 'B12345675',
      address: 'Calle Mayor 1, Madrid',
      registry: '',
    });
  });
});

describe('«Rectificar» and «Devolver»', () => {
  const detail = {
    ...summary('S2026-000002', 'emitida', 8420),
    issuedAt: '2026-03-03T09:00:00.000Z',
    issuer: { name: 'Clínica', taxId: 'B12345674', address: 'Calle Mayor 1', registry: '' },
    recipient: null,
    description: 'Consulta; Crema',
    lines: [
      {
        position: 1,
        description: 'Consulta',
        quantity: 1,
        unitPriceCents: 6000,
        vat: 'exenta',
        baseCents: 6000,
        taxCents: 0,
        appointmentId: null,
        doctorName: null,
      },
      {
        position: 2,
        description: 'Crema solar',
        quantity: 1,
        unitPriceCents: 2000,
        vat: '21',
        baseCents: 2000,
        taxCents: 420,
        appointmentId: null,
        doctorName: null,
      },
    ],
    cancellation: null,
    rectification: null,
    rectifiedBy: [],
    verificationUrl: 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR',
  };

  it('starts a simplified invoice’s R5 from its lines given back, keeps the one returned, and sends it', async () => {
    const { calls } = stubBilling((call) => {
      if (call.url === '/api/billing/issuer') return { status: 200, body: issuer };
      if (call.url === '/api/invoices/id-S2026-000002') return { status: 200, body: detail };
      if (call.method === 'POST') return { status: 201, body: { ...detail, number: 'R2026-000001' } };
      return { status: 200, body: { ...list, invoices: [{ ...list.invoices[0], totalCents: 8420 }] } };
    });
    const { user } = renderScreen(<BillingPage />);
    const table = await screen.findByRole('table', { name: 'Facturas' });
    await user.click(within(table).getByRole('button', { name: 'Rectificar la factura S2026-000002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rectificar la factura S2026-000002' });
    expect(await within(dialog).findByRole('textbox', { name: 'Concepto 1' })).toHaveValue('Devolución: Consulta');
    expect(within(dialog).getAllByRole('textbox', { name: 'Precio' })[1]).toHaveValue('-20 €');
    // Only the cream comes back: the consultation's line goes.
    await user.click(within(dialog).getByRole('button', { name: 'Quitar el concepto 1' }));
    await fill(user, within(dialog).getByRole('textbox', { name: 'Motivo' }), 'Devuelve la crema sin abrir');
    await user.click(within(dialog).getByRole('button', { name: 'Emitir rectificativa' }));
    await screen.findByText('Factura rectificativa emitida');
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe('/api/invoices/id-S2026-000002/rectify');
    expect(post.body).toEqual({
      type: 'R5',
      method: 'diferencias',
      reason: 'Devuelve la crema sin abrir',
      lines: [{ description: 'Devolución: Crema solar', quantity: 1, unitPriceCents: -2000, vat: '21' }],
    });
  });

  it('offers «Devolver» when the rectifications leave money to give back, and records it as a refund', async () => {
    const owing = { ...list.invoices[0]!, totalCents: 8420, paidCents: 8420, outstandingCents: -2420 };
    const rectifyingRow = {
      ...summary('R2026-000001', 'emitida', -2420),
      outstandingCents: 0,
      rectifies: owing.number,
    };
    const { calls } = stubBilling((call) => {
      if (call.url === '/api/billing/issuer') return { status: 200, body: issuer };
      if (call.method === 'POST')
        return { status: 201, body: { totalCents: 8420, paidCents: 8420, outstandingCents: 0, payments: [] } };
      return { status: 200, body: { ...list, invoices: [rectifyingRow, owing] } };
    });
    const { user } = renderScreen(<BillingPage />);
    const table = await screen.findByRole('table', { name: 'Facturas' });
    const row = within(table).getByText('S2026-000002').closest('tr')!;
    expect(within(row).getByText('A devolver 24,20 €')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Anular/ })).not.toBeInTheDocument();
    const rectifying = within(table).getByText('R2026-000001').closest('tr')!;
    expect(within(rectifying).getByText('Rectifica S2026-000002')).toBeInTheDocument();
    expect(within(rectifying).queryByRole('button', { name: /Rectificar/ })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Devolver lo cobrado de la factura S2026-000002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Devolver lo cobrado de la factura S2026-000002' });
    expect(within(dialog).getByRole('textbox', { name: 'Importe' })).toHaveValue('24,20 €');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar devolución' }));
    await screen.findByText('Devolución registrada');
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({ method: 'efectivo', amountCents: 2420, note: '' });
  });
});

describe('the list’s filters', () => {
  it('narrows the list by series, doctor and service, asks the server for it and exports the same', async () => {
    const doctor = { id: '7d1b8a52-4c1f-4e0b-9a51-2f3c4d5e6f70', displayName: 'Dra. Ana Ruiz' };
    const service = { id: '0b9f3c1e-8a2d-4c5b-9e7f-1a2b3c4d5e6f', name: 'Primera visita' };
    const { calls } = stubBilling((call) => {
      if (call.url === '/api/billing/issuer') return { status: 200, body: issuer };
      if (call.url.startsWith('/api/doctors')) return { status: 200, body: [doctor] };
      if (call.url === '/api/services') return { status: 200, body: [service] };
      return { status: 200, body: list };
    });
    const { user } = renderScreen(<BillingPage />);
    await screen.findByRole('table', { name: 'Facturas' });
    await user.click(screen.getByRole('combobox', { name: 'Profesional' }));
    await user.click(await screen.findByRole('option', { name: 'Dra. Ana Ruiz' }));
    await user.click(screen.getByRole('combobox', { name: 'Servicio' }));
    await user.click(await screen.findByRole('option', { name: 'Primera visita' }));
    await user.click(screen.getByRole('combobox', { name: 'Serie' }));
    await user.click((await screen.findAllByRole('option', { name: /^Rectificativas \d{4} \(R\d{4}\)$/ }))[0]!);
    const asked = calls.filter((call) => call.url.startsWith('/api/invoices?')).at(-1)!;
    const query = new URLSearchParams(asked.url.split('?')[1]);
    expect(query.get('doctorId')).toBe(doctor.id);
    expect(query.get('serviceId')).toBe(service.id);
    expect(query.get('series')).toMatch(/^R\d{4}$/);
    expect(screen.getByRole('link', { name: 'Exportar para la gestoría' }).getAttribute('href')).toContain(
      `doctorId=${doctor.id}`,
    );
  });
});
