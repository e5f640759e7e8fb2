import { Anchor, Badge, Box, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatEuros } from '../../../../common/money';
import { QUOTE_STATE_COLORS, QUOTE_STATE_LABELS, type Quote } from '../../../../common/schemas/quotes';
import { formatCalendarDate } from '../../../lib/dates';

/**
 * One quote as the desk, the doctor and the patient read it: its number, state and validity, each line with its
 * teeth or zones and its sessions done of planned, the total, and what is invoiced, paid and still to pay.
 */
export function QuoteCard({
  quote,
  pdfHref,
  actions,
  lineAction,
}: {
  quote: Quote;
  pdfHref: string;
  actions?: ReactNode;
  /** What may be done with a line (the desk links an appointment to a session of an accepted quote's). */
  lineAction?: (line: Quote['lines'][number]) => ReactNode;
}) {
  const { progress } = quote;
  return (
    <Paper withBorder p="md" component="article" aria-label={`Presupuesto ${quote.number}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text fw={700}>Presupuesto {quote.number}</Text>
            <Badge color={QUOTE_STATE_COLORS[quote.state]} variant="light">
              {QUOTE_STATE_LABELS[quote.state]}
            </Badge>
          </Group>
          <Text fw={700}>{formatEuros(quote.totalCents)}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          Válido hasta el {formatCalendarDate(quote.validUntil)}
          {quote.doctorName ? ` · ${quote.doctorName}` : ''}
          {quote.acceptance
            ? ` · Aceptado por ${quote.acceptance.signerName} (${quote.acceptance.via === 'firma' ? 'firma en el móvil' : 'en papel'})`
            : ''}
        </Text>
        {/* A region the keyboard can scroll on a phone: the lines hold nothing focusable. */}
        <Box
          style={{ overflowX: 'auto' }}
          tabIndex={0}
          role="region"
          aria-label={`Líneas del presupuesto ${quote.number}`}
        >
          <Table striped miw={420}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tratamiento</Table.Th>
                <Table.Th ta="right">Sesiones</Table.Th>
                <Table.Th ta="right">Importe</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {quote.lines.map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Td>
                    {line.description}
                    {line.detail && (
                      <Text span c="dimmed">
                        {' '}
                        — {line.detail}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    {line.done}/{line.quantity}
                    {lineAction?.(line)}
                  </Table.Td>
                  <Table.Td ta="right">{formatEuros(line.baseCents + line.taxCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
        {quote.state === 'aceptado' && (
          <Text size="sm" aria-label="Situación del presupuesto">
            Hecho: {progress.sessionsDone} de {progress.sessionsPlanned} sesiones · Facturado:{' '}
            {formatEuros(progress.invoicedCents)} · Pagado: {formatEuros(progress.paidCents)} · Pendiente:{' '}
            {formatEuros(progress.pendingCents)}
            {quote.upfrontInvoiceNumber ? ` · Factura ${quote.upfrontInvoiceNumber} por adelantado` : ''}
          </Text>
        )}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Anchor href={pdfHref} size="sm" download>
            <Group gap={4} component="span">
              <IconDownload size={14} aria-hidden />
              Descargar PDF
            </Group>
          </Anchor>
          {actions}
        </Group>
      </Stack>
    </Paper>
  );
}
