import type { Quote } from '../../../../common/schemas/quotes';

/** A quote of Lucía's as the API answers it: one line of three physiotherapy sessions, sent. */
export const quoteOf = (overrides: Partial<Quote> = {}): Quote => ({
  id: 'q-1',
  number: 'P-2026-0007',
  patientId: 'p-lucia',
  patientName: 'Lucía Pérez',
  doctorId: 'd-1',
  doctorName: 'Dra. Carmen Dientes',
  state: 'enviado',
  createdAt: '2026-03-02T09:00:00.000Z',
  validUntil: '2026-04-01',
  notes: '',
  discount: null,
  discountCents: 0,
  baseCents: 28500,
  taxCents: 0,
  totalCents: 28500,
  sentAt: '2026-03-02T09:05:00.000Z',
  decidedAt: null,
  acceptance: null,
  upfrontInvoiceNumber: null,
  lines: [
    {
      id: 'l-1',
      position: 1,
      serviceId: 's-fisio',
      description: 'Sesión de fisioterapia',
      detail: 'zona lumbar',
      quantity: 3,
      unitPriceCents: 10000,
      vat: 'exenta',
      discount: { kind: 'importe', cents: 1500 },
      discountCents: 1500,
      invoiceDiscountCents: 0,
      baseCents: 28500,
      taxCents: 0,
      sessions: [],
      done: 0,
    },
  ],
  progress: { sessionsPlanned: 3, sessionsDone: 0, invoicedCents: 0, paidCents: 0, pendingCents: 0 },
  ...overrides,
});

export const services = [
  { id: 's-fisio', name: 'Sesión de fisioterapia', specialty: 'Fisioterapia', priceCents: 10000, vat: 'exenta' },
  { id: 's-empaste', name: 'Empaste', specialty: 'Odontología', priceCents: 4999, vat: 'exenta' },
];
