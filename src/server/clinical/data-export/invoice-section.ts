import { formatEuros } from '../../../common/money';
import { INVOICE_STATE_LABELS, INVOICE_TYPE_LABELS } from '../../../common/schemas/invoices';
import { defineSection, field } from './sections';

const spanishDay = (day: string) => day.split('-').reverse().join('/');

/** «Facturas»: what the clinic invoiced her, each with its lines and state (the PDFs are in «Mis facturas»). */
export const invoicesSection = defineSection({
  key: 'facturas',
  title: 'Facturas',
  async load(tx, patientId, { scope }) {
    const rows = await scope.invoices.ofPatientWithLines(patientId, tx);
    return rows.map((invoice) => ({
      number: invoice.number,
      type: invoice.type,
      issueDate: invoice.issueDate,
      state: invoice.state,
      issuer: invoice.issuer,
      recipient: invoice.recipient,
      lines: invoice.lines.map((line) => ({
        description: line.description,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        vat: line.vat,
        baseCents: line.baseCents,
      })),
      baseCents: invoice.baseCents,
      taxCents: invoice.taxCents,
      totalCents: invoice.totalCents,
      cancellationReason: invoice.cancellationReason,
    }));
  },
  toPdf(doc, invoices) {
    if (invoices.length === 0) return void doc.text('No hay facturas.');
    for (const invoice of invoices) {
      doc
        .font('Helvetica-Bold')
        .text(
          `${invoice.number} · ${spanishDay(invoice.issueDate)} · ${INVOICE_TYPE_LABELS[invoice.type]} · ${INVOICE_STATE_LABELS[invoice.state]}`,
        )
        .font('Helvetica');
      for (const line of invoice.lines) doc.text(`• ${line.description}: ${formatEuros(line.baseCents)}`);
      field(doc, 'Total', formatEuros(invoice.totalCents));
      if (invoice.cancellationReason) field(doc, 'Motivo de la anulación', invoice.cancellationReason);
      doc.moveDown(0.4);
    }
  },
});
