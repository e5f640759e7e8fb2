import { Button, Checkbox, Group, Modal, NumberInput, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { eurosToCents, formatEuros } from '../../../../common/money';
import type { ClinicService } from '../../../../common/schemas/clinic-services';
import type { Insurer, InsurerTariffsInput } from '../../../../common/schemas/insurers';
import { useSetInsurerTariffs } from '../../../api/insurers';
import { refusalText } from '../../../components/form-error';

/** A service's row as typed: the price in euros (empty: no tariff yet) or «No cubierto». */
type Row = { euros: number | string; notCovered: boolean };

const rowsOf = (insurer: Insurer): Record<string, Row> =>
  Object.fromEntries(
    insurer.tariffs.map((tariff) => [
      tariff.serviceId,
      { euros: tariff.priceCents === null ? '' : tariff.priceCents / 100, notCovered: tariff.priceCents === null },
    ]),
  );

const inputOf = (rows: Record<string, Row>): InsurerTariffsInput => ({
  tariffs: Object.entries(rows)
    .filter(([, row]) => row.notCovered || row.euros !== '')
    .map(([serviceId, row]) => ({
      serviceId,
      priceCents: row.notCovered ? null : eurosToCents(Number(row.euros)),
    })),
});

interface TariffsModalProps {
  insurer: Insurer;
  services: ClinicService[];
  onClose: () => void;
}

/** «Tarifa»: what the insurer pays for each service, or «No cubierto»; a service left empty has no tariff yet. */
export function TariffsModal({ insurer, services, onClose }: TariffsModalProps) {
  const [rows, setRows] = useState(() => rowsOf(insurer));
  const [error, setError] = useState<string | null>(null);
  const save = useSetInsurerTariffs();
  const set = (serviceId: string, change: Partial<Row>) =>
    setRows((current) => ({
      ...current,
      [serviceId]: { euros: '', notCovered: false, ...current[serviceId], ...change },
    }));
  // An inactive service is shown only while it still has a tariff.
  const shown = services.filter((service) => service.active || rows[service.id]);

  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync({ id: insurer.id, input: inputOf(rows) });
      notifications.show({ color: 'green', message: 'Tarifa guardada' });
      onClose();
    } catch (failure) {
      setError(refusalText(failure));
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Tarifa de ${insurer.name}`} size="xl">
      <Stack>
        <Text size="sm" c="dimmed">
          Lo que paga la aseguradora por cada servicio. Déjalo vacío si aún no lo sabes, o marca «No cubierto».
        </Text>
        <Table aria-label={`Tarifa de ${insurer.name}`} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Servicio</Table.Th>
              <Table.Th>Precio privado</Table.Th>
              <Table.Th>Tarifa</Table.Th>
              <Table.Th>No cubierto</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((service) => {
              const row = rows[service.id] ?? { euros: '', notCovered: false };
              const label = `${service.name} (${service.specialty})`;
              return (
                <Table.Tr key={service.id}>
                  <Table.Td>{label}</Table.Td>
                  <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{formatEuros(service.priceCents)}</Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Tarifa de ${label}`}
                      suffix=" €"
                      decimalSeparator=","
                      thousandSeparator="."
                      decimalScale={2}
                      min={0}
                      allowNegative={false}
                      disabled={row.notCovered}
                      value={row.notCovered ? '' : row.euros}
                      onChange={(value) => set(service.id, { euros: value })}
                      w={140}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={`${label}: no cubierto`}
                      checked={row.notCovered}
                      onChange={(event) => set(service.id, { notCovered: event.currentTarget.checked })}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button loading={save.isPending} onClick={() => void submit()}>
            Guardar tarifa
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
