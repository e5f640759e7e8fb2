import { Alert, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatEuros } from '../../../../common/money';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type CashDay } from '../../../../common/schemas/payments';
import { useClinicTimeZone } from '../../../api/clinic';
import { useCashDay } from '../../../api/payments';
import { DateField } from '../../../components/date-field';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { todayIn } from '../../../lib/dates';
import { AMOUNT } from './cash-amounts';
import { CashCloseForm } from './cash-close-form';
import { CashClosings } from './cash-closings';

function DayTakings({ cash }: { cash: CashDay }) {
  return (
    <Group align="flex-start" grow wrap="wrap">
      <Paper withBorder p="md" miw={260}>
        <Title order={3} size="h5" mb="xs">
          Por forma de pago
        </Title>
        <Table aria-label="Cobros del día por forma de pago">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Forma de pago</Table.Th>
              <Table.Th style={AMOUNT}>Cobrado</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {PAYMENT_METHODS.map((method) => (
              <Table.Tr key={method}>
                <Table.Td>{PAYMENT_METHOD_LABELS[method]}</Table.Td>
                <Table.Td style={AMOUNT}>{formatEuros(cash.expected[method])}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr fw={700}>
              <Table.Td>Total ({cash.payments === 1 ? '1 cobro' : `${cash.payments} cobros`})</Table.Td>
              <Table.Td style={AMOUNT}>{formatEuros(cash.totalCents)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder p="md" miw={260}>
        <Title order={3} size="h5" mb="xs">
          Por profesional
        </Title>
        {cash.byDoctor.length === 0 ? (
          <Text size="sm">Sin cobros este día.</Text>
        ) : (
          <Table aria-label="Cobros del día por profesional">
            <Table.Tbody>
              {cash.byDoctor.map((row) => (
                <Table.Tr key={row.doctorId ?? 'ninguno'}>
                  <Table.Td>{row.doctorName}</Table.Td>
                  <Table.Td style={AMOUNT}>{formatEuros(row.amountCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Group>
  );
}

/** The open shift: closed when nothing came in since a standing closing, else the form that closes it. */
function OpenShift({ cash }: { cash: CashDay }) {
  const standing = cash.closings.filter((closing) => !closing.reopened);
  if (cash.open.payments === 0 && standing.length > 0) {
    return (
      <Alert color="teal" title="Caja cerrada">
        No hay cobros desde el último cierre. Los que se registren ahora irán a un turno nuevo.
      </Alert>
    );
  }
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h5" mb="xs">
        {standing.length > 0 ? `Cerrar el turno ${cash.closings.length + 1}` : 'Cerrar la caja'}
      </Title>
      <CashCloseForm
        key={`${cash.day}-${cash.closings.length}`}
        day={cash.day}
        expected={cash.open.expected}
        totalCents={cash.open.totalCents}
        payments={cash.open.payments}
      />
    </Paper>
  );
}

/** «Caja»: a day's takings by payment method and by doctor, the closings of its shifts and the open one. */
export function CashPanel() {
  const timeZone = useClinicTimeZone();
  const [day, setDay] = useState<string | null>(null);
  const shown = day ?? (timeZone.data ? todayIn(timeZone.data) : null);
  const cash = useCashDay(shown ?? '');
  if (!timeZone.data || !shown) return <LoadingBlock label="Cargando la caja" />;
  return (
    <Stack>
      <DateField label="Día" value={shown} onChange={(value) => value && setDay(value)} maw={220} />
      {cash.isPending && <LoadingBlock label="Cargando la caja del día" />}
      {cash.isError && (
        <LoadErrorAlert title="No se ha podido cargar la caja" error={cash.error} onRetry={() => void cash.refetch()} />
      )}
      {cash.data && (
        <>
          <DayTakings cash={cash.data} />
          <CashClosings closings={cash.data.closings} timeZone={timeZone.data} />
          <OpenShift cash={cash.data} />
        </>
      )}
    </Stack>
  );
}
