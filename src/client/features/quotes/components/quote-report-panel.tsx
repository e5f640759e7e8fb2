import { Group, NumberInput, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatEuros } from '../../../../common/money';
import type { QuoteReport } from '../../../../common/schemas/quotes';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { useClinicTimeZone } from '../../../api/clinic';
import { currentYearIn } from '../../../lib/clock';
import { useQuoteReport } from '../api/get-quote-report';
import { formatCalendarMonth } from '../../../lib/dates';

type Row = QuoteReport['months'][number] | QuoteReport['doctors'][number];

function RateTable({ caption, rows, name }: { caption: string; rows: Row[]; name: (row: Row) => string }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th ta="right">Enviados</Table.Th>
            <Table.Th ta="right">Aceptados</Table.Th>
            <Table.Th ta="right">Rechazados</Table.Th>
            <Table.Th ta="right">Caducados</Table.Th>
            <Table.Th ta="right">Aceptación</Table.Th>
            <Table.Th ta="right">Importe aceptado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={name(row)}>
              <Table.Th scope="row">{name(row)}</Table.Th>
              <Table.Td ta="right">{row.offered}</Table.Td>
              <Table.Td ta="right">{row.accepted}</Table.Td>
              <Table.Td ta="right">{row.rejected}</Table.Td>
              <Table.Td ta="right">{row.expired}</Table.Td>
              <Table.Td ta="right">{row.ratePercent === null ? '—' : `${row.ratePercent} %`}</Table.Td>
              <Table.Td ta="right">{formatEuros(row.acceptedCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * «Presupuestos» in the desk's reports: of the quotes sent in a year, how many were accepted — by the month each was
 * sent and by doctor; the still open count as sent and not accepted.
 */
export function QuoteReportPanel({ initialYear }: { initialYear?: number }) {
  const timeZone = useClinicTimeZone();
  const [chosen, setYear] = useState<number | null>(initialYear ?? null);
  const year = chosen ?? currentYearIn(timeZone.data ?? 'Europe/Madrid');
  const report = useQuoteReport(year);
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h4">
          Aceptación de presupuestos
        </Title>
        <NumberInput
          label="Año"
          value={year}
          onChange={(value) => setYear(Number(value) || null)}
          min={2000}
          max={2100}
          w={110}
        />
      </Group>
      {report.isPending && <LoadingBlock label="Cargando la aceptación de presupuestos" />}
      {report.isError && (
        <LoadErrorAlert
          title="No se ha podido cargar el informe"
          error={report.error}
          onRetry={() => void report.refetch()}
        />
      )}
      {report.data && report.data.months.length === 0 && <Text c="dimmed">Ningún presupuesto enviado en {year}.</Text>}
      {report.data && report.data.months.length > 0 && (
        <Paper withBorder p="sm">
          <RateTable
            caption="Por mes de envío"
            rows={report.data.months}
            name={(row) => formatCalendarMonth((row as QuoteReport['months'][number]).month)}
          />
          <RateTable
            caption="Por profesional"
            rows={report.data.doctors}
            name={(row) => (row as QuoteReport['doctors'][number]).doctorName}
          />
        </Paper>
      )}
    </Stack>
  );
}
