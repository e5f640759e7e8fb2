import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { Quote } from '../../../../common/schemas/quotes';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { now } from '../../../lib/clock';
import { dayKey } from '../../../lib/dates';
import { quotePdfHref, useQuotes } from '../api/get-quotes';
import { LinkSessionModal } from './link-session-modal';
import { PaperAcceptanceModal } from './paper-acceptance-modal';
import { QuoteCard } from './quote-card';
import { QuoteDeskActions } from './quote-desk-actions';
import { QuoteFormModal } from './quote-form-modal';

type Line = Quote['lines'][number];

/**
 * «Presupuestos» on the patient's page: her quotes, what is done, paid and pending, and their actions. The desk
 * (`manage`) also records paper acceptances and refusals, invoices up front and links appointments to sessions; a
 * doctor of hers makes, changes and sends them (the server refuses her the rest).
 */
export function PatientQuotes({
  patientId,
  timeZone,
  manage = true,
}: {
  patientId: string;
  timeZone: string;
  manage?: boolean;
}) {
  const quotes = useQuotes(patientId);
  const [editing, setEditing] = useState<Quote | 'new' | null>(null);
  const [paper, setPaper] = useState<Quote | null>(null);
  const [linking, setLinking] = useState<{ quote: Quote; line: Line } | null>(null);
  const lineAction = (quote: Quote) => (line: Line) =>
    manage &&
    quote.state === 'aceptado' &&
    line.sessions.length < line.quantity && (
      <Button size="compact-xs" variant="subtle" ml="xs" onClick={() => setLinking({ quote, line })}>
        Vincular cita
      </Button>
    );
  return (
    <Stack component="section" aria-labelledby="patient-quotes-title">
      <Group justify="space-between">
        <Title order={2} size="h3" id="patient-quotes-title">
          Presupuestos
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} variant="default" onClick={() => setEditing('new')}>
          Nuevo presupuesto
        </Button>
      </Group>
      {quotes.isPending && <LoadingBlock label="Cargando los presupuestos" />}
      {quotes.isError && (
        <LoadErrorAlert
          title="No se han podido cargar los presupuestos"
          error={quotes.error}
          onRetry={() => void quotes.refetch()}
        />
      )}
      {quotes.data?.length === 0 && <Text c="dimmed">Sin presupuestos.</Text>}
      {quotes.data?.map((quote) => (
        <QuoteCard
          key={quote.id}
          quote={quote}
          pdfHref={quotePdfHref(quote.id)}
          lineAction={lineAction(quote)}
          actions={
            <QuoteDeskActions
              quote={quote}
              manage={manage}
              onEdit={() => setEditing(quote)}
              onPaper={() => setPaper(quote)}
            />
          }
        />
      ))}
      {editing && (
        <QuoteFormModal
          patientId={patientId}
          quote={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {paper && <PaperAcceptanceModal quote={paper} today={dayKey(now(), timeZone)} onClose={() => setPaper(null)} />}
      {linking && <LinkSessionModal {...linking} timeZone={timeZone} onClose={() => setLinking(null)} />}
    </Stack>
  );
}
