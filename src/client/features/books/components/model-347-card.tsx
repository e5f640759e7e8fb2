import { Paper, Table, Text, Title } from '@mantine/core';
import { formatEuros } from '../../../../common/money';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { useModel347 } from '../api/get-model-347';

const AMOUNT = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const QUARTERS = ['1T', '2T', '3T', '4T'];

/** The modelo 347 of a year: customers with a NIF above 3 005,06 €, VAT included, by quarter. */
export function Model347Card({ year }: { year: number }) {
  const model = useModel347(year);
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h5" mb="xs">
        Modelo 347 de {year}: clientes de más de 3 005,06 €
      </Title>
      {model.isPending && <LoadingBlock label="Cargando el modelo 347" />}
      {model.isError && <LoadErrorAlert title="No se ha podido cargar el modelo 347" error={model.error} />}
      {model.data &&
        (model.data.customers.length === 0 ? (
          <Text size="sm">Ningún cliente supera 3 005,06 € en {year}.</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label={`Modelo 347 de ${year}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>NIF</Table.Th>
                  <Table.Th>Nombre</Table.Th>
                  {QUARTERS.map((quarter) => (
                    <Table.Th key={quarter} style={AMOUNT}>
                      {quarter}
                    </Table.Th>
                  ))}
                  <Table.Th style={AMOUNT}>Total del año</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {model.data.customers.map((customer) => (
                  <Table.Tr key={customer.taxId}>
                    <Table.Td>{customer.taxId}</Table.Td>
                    <Table.Td>{customer.name}</Table.Td>
                    {customer.quarters.map((cents, index) => (
                      <Table.Td key={QUARTERS[index]} style={AMOUNT}>
                        {formatEuros(cents)}
                      </Table.Td>
                    ))}
                    <Table.Td style={AMOUNT} fw={700}>
                      {formatEuros(customer.totalCents)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
      <Text size="xs" mt="xs">
        Importes con IVA, como cuentan en los libros (una sustitución, lo que cambia; una anulada, nada). Las facturas
        simplificadas sin NIF del destinatario no entran en el 347.
      </Text>
    </Paper>
  );
}
