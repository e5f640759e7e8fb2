import { Temporal } from 'temporal-polyfill';
import type { VatTreatment } from '../../../common/schemas/clinic-services';
import type { BillingMode } from '../../../common/schemas/verifactu';
import { formatNumericDate, type AuditContext, type Tx } from '../../platform';
import { assertWithinBounds } from './account-rules';
import { describeOperation, type Issuing } from './complete';
import { vatBreakdown, withTax, type PricedLine } from './lines';

/**
 * The insurers' own series (decision 0118): `A2027-000001` in pruebas, `AV2027-000001` in producción,
 * numbered apart from the patients' F and S; their rectifying invoices stay in R, as every rectificativa.
 */
export const INSURER_SERIES_PREFIX: Record<BillingMode, string> = { pruebas: 'A', produccion: 'AV' };

/** The insurer the invoice is to: its name, CIF and address (the record's Destinatario). */
export interface InsurerParty {
  name: string;
  taxId: string;
  address: string;
}

/** A settled visit as a line of the insurer's invoice: the tariff frozen at booking, the service's VAT. */
export interface SettledVisitLine {
  startsAt: Date;
  patientName: string;
  serviceName: string;
  serviceId: string | null;
  vat: VatTreatment;
  authorizationNumber: string;
  cardNumber: string;
  priceCents: number;
}

/** «12/10/2027 · Ana Ruiz (tarjeta 123) · Primera visita · Autorización A-1»: what the insurer checks a line against. */
export function settledLineText(visit: SettledVisitLine, timeZone: string) {
  const card = visit.cardNumber ? ` (tarjeta ${visit.cardNumber})` : '';
  const authorization = visit.authorizationNumber ? `Autorización ${visit.authorizationNumber}` : 'Sin autorización';
  return `${formatNumericDate(visit.startsAt, timeZone)} · ${visit.patientName}${card} · ${visit.serviceName} · ${authorization}`.slice(
    0,
    200,
  );
}

/** «Liquidación de aseguradoras»: the one complete invoice (F1) to an insurer for its month's visits. */
export function createInsurerInvoicing(issuing: Issuing) {
  /**
   * Issues inside `tx` the F1 to `insurer`, one line per visit (in the order given), in the insurers' series: its
   * record, number and audit entry come as every invoice's. No line names its appointment (the patient's copay
   * invoice does) nor its doctor (a doctor reading her invoices must not find other doctors' patients here).
   */
  async function issueToInsurerIn(tx: Tx, insurer: InsurerParty, visits: SettledVisitLine[], context: AuditContext) {
    const issuerData = await issuing.issuerOf(tx);
    const { settings, mode } = issuerData;
    const lines: PricedLine[] = visits.map((visit) =>
      withTax({
        description: settledLineText(visit, settings.timeZone),
        quantity: 1,
        unitPriceCents: visit.priceCents,
        vat: visit.vat,
        baseCents: visit.priceCents,
        taxCents: 0,
        serviceId: visit.serviceId,
        performedOn: Temporal.Instant.fromEpochMilliseconds(visit.startsAt.getTime())
          .toZonedDateTimeISO(settings.timeZone)
          .toPlainDate(),
      }),
    );
    const totals = vatBreakdown(lines);
    assertWithinBounds(lines, totals);
    return issuing.writeInvoice(
      tx,
      issuerData,
      {
        type: 'F1',
        patientId: null,
        seriesPrefix: INSURER_SERIES_PREFIX[mode],
        recipient: {
          party: { name: insurer.name, taxId: insurer.taxId, address: insurer.address },
          record: { name: insurer.name, nif: insurer.taxId },
        },
        description: describeOperation(settings),
        lines,
        totals,
        payer: 'aseguradora',
      },
      context,
    );
  }

  return { issueToInsurerIn };
}
