import { Anchor, Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatEuros } from '../../../../common/money';
import { QUOTE_STATE_COLORS, QUOTE_STATE_LABELS } from '../../../../common/quote-states';
import type { Quote, QuoteByLink } from '../../../../common/schemas/quotes';
import { formatCalendarDate } from '../../../lib/calendar-dates';
import './quote-card.css';

/** What the card reads of a quote: the whole of it (the desk, the doctor, her area) or the link's view of it. */
type CardQuote = Quote | QuoteByLink;

/**
 * One quote as the desk, the doctor and the patient read it: its number, state and validity, each line with its
 * teeth or zones and its sessions done of planned, the total, and what is invoiced, paid and still to pay.
 */
export function QuoteCard<Q extends CardQuote>({
  quote,
  pdfHref,
  actions,
  lineAction,
}: {
  quote: Q;
  pdfHref: string;
  actions?: ReactNode;
  /** What may be done with a line (the desk links an appointment to a session of an accepted quote's). */
  lineAction?: (line: Q['lines'][number]) => ReactNode;
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
          {/* A plain table drawn as Mantine's striped one (quote-card.css): its Table brings a scroll area and, with
              it, floating-ui's code (~20 kB) to the quote's link page, opened on a phone. */}
          <table className="quote-lines">
            <thead>
              <tr>
                <th>Tratamiento</th>
                <th data-end>Sesiones</th>
                <th data-end>Importe</th>
              </tr>
            </thead>
            <tbody>
              {(quote.lines as Q['lines'][number][]).map((line) => (
                <tr key={line.position}>
                  <td>
                    {line.description}
                    {line.detail && (
                      <Text span c="dimmed" inherit>
                        {' '}
                        — {line.detail}
                      </Text>
                    )}
                  </td>
                  <td data-end>
                    {line.done}/{line.quantity}
                    {lineAction?.(line)}
                  </td>
                  <td data-end>{formatEuros(line.baseCents + line.taxCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
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
