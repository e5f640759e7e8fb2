import { NumberInput, Select, Table } from '@mantine/core';
import { formatEuros } from '../../../../common/money';
import type { ClinicService } from '../../../../common/schemas/clinic-services';

/** A service's term as typed: the general rule, its own percentage, or a fixed amount per act. */
export type ServiceTerm = { kind: 'general' | 'porcentaje' | 'fijo'; value: number | string };

const KINDS = [
  { value: 'general', label: 'Regla general' },
  { value: 'porcentaje', label: 'Porcentaje propio' },
  { value: 'fijo', label: 'Importe fijo por acto' },
];

interface ServiceTermsTableProps {
  services: ClinicService[];
  terms: Record<string, ServiceTerm>;
  onChange: (serviceId: string, term: ServiceTerm) => void;
}

/** Per service, whether the doctor's general percentage applies or a term of its own. */
export function ServiceTermsTable({ services, terms, onChange }: ServiceTermsTableProps) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label="Reglas por servicio" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Servicio</Table.Th>
            <Table.Th>Precio</Table.Th>
            <Table.Th>Regla</Table.Th>
            <Table.Th>Valor</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {services.map((service) => {
            const term = terms[service.id] ?? { kind: 'general', value: '' };
            const label = `${service.name} (${service.specialty})`;
            return (
              <Table.Tr key={service.id}>
                <Table.Td>{label}</Table.Td>
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{formatEuros(service.priceCents)}</Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Regla de ${label}`}
                    data={KINDS}
                    value={term.kind}
                    allowDeselect={false}
                    onChange={(kind) => onChange(service.id, { kind: kind as ServiceTerm['kind'], value: '' })}
                    w={200}
                  />
                </Table.Td>
                <Table.Td>
                  {term.kind !== 'general' && (
                    <NumberInput
                      aria-label={term.kind === 'fijo' ? `Importe por acto de ${label}` : `Porcentaje de ${label}`}
                      suffix={term.kind === 'fijo' ? ' €' : ' %'}
                      decimalSeparator=","
                      thousandSeparator="."
                      decimalScale={2}
                      min={0}
                      max={term.kind === 'porcentaje' ? 100 : undefined}
                      allowNegative={false}
                      value={term.value}
                      onChange={(value) => onChange(service.id, { ...term, value })}
                      w={140}
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
