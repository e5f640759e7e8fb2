import { z } from 'zod';
import { taxIdField } from './tax-id-field';
import { VAT_TREATMENTS } from './clinic-services';

/**
 * The desk's free hand on an invoice (issue 36, items 4 and 5): discounts before VAT, who pays (the patient, the
 * guardian of a minor's booking, someone else), the IRPF a business withholds and the invoice as «Facturar» shows it
 * before issuing. `invoices.ts` re-exports all of it.
 */

/**
 * A discount, applied before VAT: a whole percentage of what it applies to, or an amount in cents (never more than
 * what it applies to: the server refuses it). Rounded to the cent half away from zero, as the record rounds.
 */
export const DISCOUNT_KINDS = ['porcentaje', 'importe'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
export const discountSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('porcentaje'),
      percent: z
        .number({ error: 'Descuento: escribe el porcentaje' })
        .int('Descuento: el porcentaje es un número entero')
        .min(1, 'Descuento: como mínimo el 1 %')
        .max(100, 'Descuento: como máximo el 100 %'),
    }),
    z.strictObject({
      kind: z.literal('importe'),
      cents: z
        .number({ error: 'Descuento: escribe un importe' })
        .int('Descuento: el importe va en céntimos enteros')
        .min(1, 'Descuento: como mínimo 0,01 €')
        .max(10_000_000, 'Descuento: como máximo 100 000 €'),
    }),
  ],
  { error: 'Descuento: elige porcentaje o importe' },
);
export type Discount = z.infer<typeof discountSchema>;

/** How a discount reads on the PDF, the CSV and the dialog: «10 %» or «5,00 €». */
export const discountLabel = (discount: Discount, euros: (cents: number) => string) =>
  discount.kind === 'porcentaje' ? `${discount.percent} %` : euros(discount.cents);

/**
 * Who pays the invoice (its recipient, the record's Destinatario): the patient, the guardian who booked a minor's
 * visit (taken from the booking on the server) or someone else — a company, a professional, a relative — typed in.
 */
export const PAYER_KINDS = ['paciente', 'tutor', 'tercero'] as const;
export type PayerKind = (typeof PAYER_KINDS)[number];
/** Who an issued invoice is to: the payers the desk chooses in «Facturar», and an insurer («Liquidación»). */
export const INVOICE_PAYER_KINDS = [...PAYER_KINDS, 'aseguradora'] as const;
export type InvoicePayerKind = (typeof INVOICE_PAYER_KINDS)[number];
export const PAYER_LABELS: Record<PayerKind, string> = {
  paciente: 'El paciente',
  tutor: 'Su tutor o tutora (de la reserva)',
  tercero: 'Otra persona o empresa',
};
export const payerSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('paciente') }),
    z.strictObject({ kind: z.literal('tutor') }),
    z.strictObject({
      kind: z.literal('tercero'),
      name: z
        .string({ error: 'Escribe el nombre o la razón social de quien paga' })
        .trim()
        .min(2, 'Escribe el nombre o la razón social de quien paga')
        .max(120, 'El nombre no puede superar los 120 caracteres'),
      taxId: taxIdField('Escribe el NIF de quien paga'),
      address: z
        .string({ error: 'Escribe la dirección de quien paga' })
        .trim()
        .min(5, 'Escribe la dirección completa de quien paga')
        .max(200, 'La dirección no puede superar los 200 caracteres'),
      /** An empresa or a professional paying in the course of business: IRPF is withheld when the clinic must. */
      business: z.boolean({ error: 'Indica si paga una empresa o un profesional' }),
    }),
  ],
  { error: 'Elige quién paga la factura' },
);
export type Payer = z.output<typeof payerSchema>;

/** IRPF withheld by a business paying a professional (art. 101 LIRPF): 15 %, 7 % in the first years; 0 none. */
export const WITHHOLDING_RATES = [0, 7, 15] as const;
export type WithholdingRate = (typeof WITHHOLDING_RATES)[number];

/** A party of an invoice as the screens read it: its name, document and address. */
export const partySchema = z.object({
  name: z.string(),
  taxId: z.string(),
  address: z.string(),
});

/** «Facturar» before issuing: the invoice as it would be issued now, computed by the issuing code itself. */
export const invoicePreviewSchema = z.object({
  type: z.enum(['F1', 'F2']),
  recipient: partySchema.nullable(),
  treatedName: z.string(),
  /** The guardian of a minor's booking among the visits, whom the desk may choose as the payer. */
  guardian: partySchema.nullable(),
  lines: z.array(
    z.object({
      description: z.string(),
      quantity: z.number(),
      unitPriceCents: z.number(),
      vat: z.enum(VAT_TREATMENTS),
      discount: discountSchema.nullable(),
      discountCents: z.number(),
      invoiceDiscountCents: z.number(),
      baseCents: z.number(),
    }),
  ),
  discount: discountSchema.nullable(),
  discountCents: z.number(),
  groups: z.array(z.object({ vat: z.enum(VAT_TREATMENTS), baseCents: z.number(), taxCents: z.number() })),
  baseCents: z.number(),
  taxCents: z.number(),
  totalCents: z.number(),
  withholdingRate: z.number(),
  withholdingCents: z.number(),
  amountDueCents: z.number(),
});
export type InvoicePreview = z.infer<typeof invoicePreviewSchema>;
