import { useState } from 'react';
import { eurosToCents } from '../../../../common/money';
import type { Discount, InvoiceKind, IssueInvoiceInput } from '../../../../common/schemas/invoices';
import { PATIENT_PAYS, payerInput, type PayerDraft } from './payer-fields';
import type { DraftLine } from './rectify-lines';

const toNumber = (value: number | string) => (typeof value === 'number' ? value : Number(value.replace(',', '.')));

/**
 * What «Facturar» is putting together — a visit (optional: an invoice without a visit takes only typed lines), its
 * service and discount, typed lines, the invoice's discount, the kind and the payer — and the request it makes.
 */
export function useInvoiceDraft(patientId: string, appointmentId: string | null) {
  const [kind, setKind] = useState<InvoiceKind>('simplificada');
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [visitDiscount, setVisitDiscount] = useState<Discount | undefined>();
  const [discount, setDiscount] = useState<Discount | undefined>();
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [payer, setPayer] = useState<PayerDraft>(PATIENT_PAYS);
  const input: IssueInvoiceInput = {
    patientId,
    appointmentIds: appointmentId ? [appointmentId] : [],
    appointmentServices: appointmentId && serviceId ? { [appointmentId]: serviceId } : undefined,
    appointmentDiscounts: appointmentId && visitDiscount ? { [appointmentId]: visitDiscount } : undefined,
    lines: lines.length
      ? lines.map((line) => ({
          description: line.description,
          quantity: toNumber(line.quantity),
          unitPriceCents: eurosToCents(toNumber(line.euros)),
          vat: line.vat,
        }))
      : undefined,
    discount,
    kind,
    payer: payer.kind === 'paciente' ? undefined : payerInput(payer),
  };
  // Nothing to preview until there is a visit or a line.
  const ready = Boolean(appointmentId) || lines.length > 0;
  return {
    input,
    ready,
    state: { kind, serviceId, visitDiscount, discount, lines, payer },
    set: { setKind, setServiceId, setVisitDiscount, setDiscount, setLines, setPayer },
  };
}
