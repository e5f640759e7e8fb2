import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IssueInvoiceInput } from '../../../../common/schemas/invoices';
import { fill, renderScreen, stubApi, type ApiCall } from '../../../test/render';
import { IssueInvoiceModal } from './issue-invoice-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PATIENT = 'b1f2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const VISIT = 'c2a3b4d5-e6f7-4a8b-9c0d-1e2f3a4b5c6d';

/**
 * The server's preview, for what these tests send: one exempt line (a visit of 60 € or the typed lines), the
 * invoice's discount taken off it, and 15 % IRPF when a business pays. The computation itself is the server's
 * (free-hand.test.ts); here it only has to answer the dialog with figures it did not make up.
 */
function preview(body: IssueInvoiceInput) {
  const typed = (body.lines ?? []).map((line) => ({ ...line, cents: line.quantity * line.unitPriceCents }));
  const visit = body.appointmentIds?.length
    ? [{ description: 'Revisión — 23/03/2026, Dra. Ana Ruiz', quantity: 1, unitPriceCents: 6000, cents: 6000 }]
    : [];
  const visitDiscount = body.appointmentDiscounts?.[VISIT];
  const lines = [...visit, ...typed].map((line, index) => {
    const own = index === 0 && visitDiscount?.kind === 'importe' ? visitDiscount.cents : 0;
    return { ...line, discount: index === 0 && visitDiscount ? visitDiscount : null, discountCents: own };
  });
  const gross = lines.reduce((sum, line) => sum + line.cents - line.discountCents, 0);
  const discountCents =
    body.discount?.kind === 'porcentaje'
      ? Math.round((gross * body.discount.percent) / 100)
      : (body.discount?.cents ?? 0);
  const baseCents = gross - discountCents;
  const business = body.payer?.kind === 'tercero' && body.payer.business;
  const withholdingCents = business ? Math.round(baseCents * 0.15) : 0;
  return {
    type: body.kind === 'completa' ? 'F1' : 'F2',
    recipient:
      body.payer?.kind === 'tercero'
        ? { name: body.payer.name, taxId: body.payer.taxId, address: body.payer.address }
        : null,
    treatedName: 'Lucía Pérez',
    guardian: null,
    lines: lines.map((line, index) => ({
      description: line.description,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      vat: 'exenta',
      discount: line.discount,
      discountCents: line.discountCents,
      invoiceDiscountCents: index === 0 ? discountCents : 0,
      baseCents: line.cents - line.discountCents - (index === 0 ? discountCents : 0),
    })),
    discount: body.discount ?? null,
    discountCents,
    groups: [{ vat: 'exenta', baseCents, taxCents: 0 }],
    baseCents,
    taxCents: 0,
    totalCents: baseCents,
    withholdingRate: business ? 15 : 0,
    withholdingCents,
    amountDueCents: baseCents - withholdingCents,
  };
}

/** The dialog's server: services, the billing mode (nothing to say), the preview and the issued invoice. */
const stubServer = () =>
  stubApi((call: ApiCall) => {
    if (call.url === '/api/services') return { status: 200, body: [] };
    if (call.url === '/api/verifactu/mode') return { status: 404, body: {} };
    if (call.url === '/api/invoices/preview') return { status: 200, body: preview(call.body as IssueInvoiceInput) };
    const issued = preview(call.body as IssueInvoiceInput);
    return { status: 201, body: { id: 'i-1', number: 'F2026-000009', ...issued } };
  });

/** The figure of a row of the preview («Total factura», «Total a pagar»…), as the row reads. */
const rowOf = (region: HTMLElement, label: string | RegExp) => within(region).getByText(label).parentElement!;

describe('«Facturar»: discounts, another payer and the amount before issuing', () => {
  it('an invoice without a visit: a typed line, the invoice’s discount, a company paying with IRPF withheld', async () => {
    const { calls } = stubServer();
    const onClose = vi.fn();
    const { user } = renderScreen(
      <IssueInvoiceModal patient={{ id: PATIENT, name: 'Lucía Pérez' }} timeZone="Europe/Madrid" onClose={onClose} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Facturar a Lucía Pérez' });
    // Nothing to issue until there is a line.
    expect(within(dialog).getByRole('button', { name: 'Emitir factura' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Añadir concepto' }));
    await fill(user, within(dialog).getByRole('textbox', { name: 'Concepto 1' }), 'Informe médico');
    await fill(user, within(dialog).getByRole('textbox', { name: /^Precio/ }), '200');
    // The price is before VAT: the line's VAT goes on top.
    expect(within(dialog).getByText('Sin IVA: se suma el IVA de la línea')).toBeVisible();
    await user.click(within(dialog).getByRole('radio', { name: '%' }));
    const percent = within(dialog).getByRole('textbox', { name: 'Descuento de la factura' });
    await user.clear(percent);
    await fill(user, percent, '10');
    await user.click(within(dialog).getByRole('radio', { name: /^Completa/ }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Quién paga' }));
    await user.click(await within(dialog).findByRole('option', { name: 'Otra persona o empresa' }));
    await fill(user, within(dialog).getByRole('textbox', { name: 'Nombre o razón social' }), 'Seguros Norte, S.A.');
    await fill(user, within(dialog).getByRole('textbox', { name: 'NIF' }), 'A58818501');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Dirección' }), 'Calle Alcalá 1, Madrid');

    // Before issuing, the invoice as the server computes it: 200 € less 10 %, 15 % of that withheld.
    const region = await within(dialog).findByRole('region', { name: 'Vista previa de la factura' });
    expect(await within(region).findByText(/^A nombre de Seguros Norte, S\.A\. \(A58818501\)/)).toBeVisible();
    expect(within(region).getByText(/paciente atendido: Lucía Pérez$/)).toBeVisible();
    expect(rowOf(region, 'Descuento de la factura (10 %)')).toHaveTextContent(/20,00\s€$/);
    expect(rowOf(region, 'Total factura')).toHaveTextContent(/^Total factura180,00\s€$/);
    expect(rowOf(region, 'Retención IRPF 15 %')).toHaveTextContent(/27,00\s€$/);
    expect(rowOf(region, 'Total a pagar')).toHaveTextContent(/^Total a pagar153,00\s€$/);

    await user.click(within(dialog).getByRole('button', { name: 'Emitir factura' }));
    expect(await screen.findByText('Factura F2026-000009 emitida')).toBeVisible();
    // The notice offers the PDF with what the payer owes.
    expect(screen.getByRole('link', { name: /^Descargar el PDF \(153,00\s€\)$/ })).toBeVisible();
    expect(onClose).toHaveBeenCalled();
    const issued = calls.find((call) => call.method === 'POST' && call.url === '/api/invoices')!;
    expect(issued.body).toEqual({
      patientId: PATIENT,
      appointmentIds: [],
      lines: [{ description: 'Informe médico', quantity: 1, unitPriceCents: 20000, vat: 'exenta' }],
      discount: { kind: 'porcentaje', percent: 10 },
      kind: 'completa',
      payer: {
        kind: 'tercero',
        name: 'Seguros Norte, S.A.',
        taxId: 'A58818501',
        address: 'Calle Alcalá 1, Madrid',
        business: true,
      },
    });
    // The preview was asked with the very request that issued.
    const previews = calls.filter((call) => call.url === '/api/invoices/preview');
    expect(previews.at(-1)!.body).toEqual(issued.body);
  });

  it('a visit with its own discount: sent by appointment, the total shown before issuing, nothing withheld', async () => {
    const { calls } = stubServer();
    const { user } = renderScreen(
      <IssueInvoiceModal
        patient={{ id: PATIENT, name: 'Lucía Pérez' }}
        appointment={{ id: VISIT, startsAt: '2026-03-23T08:30:00.000Z', doctorName: 'Dra. Ana Ruiz' }}
        timeZone="Europe/Madrid"
        onClose={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Facturar la cita de Lucía Pérez' });
    const region = await within(dialog).findByRole('region', { name: 'Vista previa de la factura' });
    expect(rowOf(region, 'Total factura')).toHaveTextContent(/^Total factura60,00\s€$/);
    // The visit's discount, in euros.
    const visitDiscount = within(dialog).getByRole('radiogroup', { name: 'Descuento de la cita' });
    await user.click(within(visitDiscount).getByRole('radio', { name: '€' }));
    const amount = within(dialog).getByRole('textbox', { name: 'Descuento de la cita' });
    await user.clear(amount);
    await fill(user, amount, '15');
    expect(await within(region).findByText(/\(descuento 15,00\s€\)$/)).toBeVisible();
    expect(rowOf(region, 'Total factura')).toHaveTextContent(/^Total factura45,00\s€$/);
    expect(within(region).queryByText(/^Retención IRPF/)).not.toBeInTheDocument();
    expect(within(region).queryByText('Total a pagar')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Emitir factura' }));
    expect(await screen.findByText('Factura F2026-000009 emitida')).toBeVisible();
    const issued = calls.find((call) => call.method === 'POST' && call.url === '/api/invoices')!;
    expect(issued.body).toEqual({
      patientId: PATIENT,
      appointmentIds: [VISIT],
      appointmentDiscounts: { [VISIT]: { kind: 'importe', cents: 1500 } },
      kind: 'simplificada',
    });
  });
});
