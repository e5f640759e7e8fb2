import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { Quote } from '../../../../common/schemas/quotes';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { now } from '../../../lib/clock';
import { dayKey } from '../../../lib/dates';
import { quotePdfHref, useQuotes } from '../api/get-quotes';
import { PaperAcceptanceModal } from './paper-acceptance-modal';
import { QuoteCard } from './quote-card';
import { QuoteDeskActions } from './quote-desk-actions';
import { QuoteFormModal } from './quote-form-modal';

/** «Presupuestos» on the patient's page (the desk): her quotes, what is done, paid and pending, and their actions. */
export function PatientQuotes({ patientId, timeZone }: { patientId: string; timeZone: string }) {
  const quotes = useQuotes(patientId);
  const [creating, setCreating] = useState(false);
  const [paper, setPaper] = useState<Quote | null>(null);
  return (
    <Stack component="section" aria-labelledby="patient-quotes-title">
      <Group justify="space-between">
        <Title order={2} size="h3" id="patient-quotes-title">
          Presupuestos
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} variant="default" onClick={() => setCreating(true)}>
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
          actions={<QuoteDeskActions quote={quote} onPaper={() => setPaper(quote)} />}
        />
      ))}
      {creating && <QuoteFormModal patientId={patientId} onClose={() => setCreating(false)} />}
      {paper && <PaperAcceptanceModal quote={paper} today={dayKey(now(), timeZone)} onClose={() => setPaper(null)} />}
    </Stack>
  );
}
