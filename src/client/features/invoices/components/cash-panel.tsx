import { Alert, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatEuros } from '../../../../common/money';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type CashDay } from '../../../../common/schemas/payments';
import { useClinicTimeZone } from '../../../api/clinic';
import { useCashDay } from '../../../api/payments';
import { DateField } from '../../../components/date-field';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { formatDateTime, todayIn } from '../../../lib/dates';
import { CashCloseForm } from './cash-close-form';

const AMOUNT = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function DayTakings({ cash, timeZone }: { cash: CashDay; timeZone: string }) {
  return (
    <Stack>
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
                {cash.closing && <Table.Th style={AMOUNT}>Contado</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {PAYMENT_METHODS.map((method) => (
                <Table.Tr key={method}>
                  <Table.Td>{PAYMENT_METHOD_LABELS[method]}</Table.Td>
                  <Table.Td style={AMOUNT}>{formatEuros(cash.expected[method])}</Table.Td>
                  {cash.closing && <Table.Td style={AMOUNT}>{formatEuros(cash.closing.counted[method])}</Table.Td>}
                </Table.Tr>
              ))}
              <Table.Tr fw={700}>
                <Table.Td>Total ({cash.payments === 1 ? '1 cobro' : `${cash.payments} cobros`})</Table.Td>
                <Table.Td style={AMOUNT}>{formatEuros(cash.totalCents)}</Table.Td>
                {cash.closing && (
                  <Table.Td style={AMOUNT}>
                    {formatEuros(Object.values(cash.closing.counted).reduce((sum, cents) => sum + cents, 0))}
                  </Table.Td>
                )}
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
      {cash.closing ? (
        <Alert color="teal" title="Caja cerrada">
          Cerrada el {formatDateTime(cash.closing.closedAt, timeZone)}.
          {cash.closing.note && ` Nota: ${cash.closing.note}`}
        </Alert>
      ) : (
        <CashCloseForm key={cash.day} day={cash.day} expected={cash.expected} />
      )}
    </Stack>
  );
}

/** «Caja»: a day's takings by payment method and by doctor, and its closing (once). */
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
      {cash.data && <DayTakings cash={cash.data} timeZone={timeZone.data} />}
    </Stack>
  );
}
