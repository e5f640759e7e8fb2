import {
  SETTLEMENT_BASIS_LABELS,
  SETTLEMENT_SOURCE_LABELS,
  type Settlement,
} from '../../../common/schemas/settlements';
import { cell } from '../../platform';

/** Cents as a Spanish spreadsheet reads euros: `1234,56`, `-12,10`. */
const euros = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

const HEADER = [
  'Profesional',
  'Mes',
  'Base',
  'Fecha',
  'Documento',
  'Movimiento',
  'Paciente',
  'Servicio',
  'Aseguradora',
  'Regla',
  'Importe computado',
  'Liquidación',
];

/**
 * Settlements as CSV (`;`, decimal comma, BOM for Excel): a row per line and a total row per settlement, so the sum
 * of a settlement's «Liquidación» column is its total to the cent.
 */
export function settlementsCsv(settlements: Settlement[]): string {
  const rows = settlements.flatMap((settlement) => {
    const head = [cell(settlement.doctorName), settlement.month, SETTLEMENT_BASIS_LABELS[settlement.basis]];
    return [
      ...settlement.lines.map((line) =>
        [
          ...head,
          line.day,
          cell(line.invoiceNumber),
          SETTLEMENT_SOURCE_LABELS[line.source],
          cell(line.patientName),
          cell(line.serviceName),
          line.insurer ? 'sí' : 'no',
          cell(line.rule),
          euros(line.countedCents),
          euros(line.shareCents),
        ].join(';'),
      ),
      [...head, '', '', 'Total', '', '', '', '', euros(settlement.countedCents), euros(settlement.shareCents)].join(
        ';',
      ),
    ];
  });
  return `\uFEFF${[HEADER.join(';'), ...rows].join('\r\n')}\r\n`;
}
