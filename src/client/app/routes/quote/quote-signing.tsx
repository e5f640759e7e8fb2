import { Alert, Anchor, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconLinkOff } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { SignaturePad } from '../../../features/consents/components/signature-pad';
import { quoteLinkPdfHref, useQuoteByLink } from '../../../features/quotes/api/get-quote-by-link';
import { QuoteAcceptanceForm } from '../../../features/quotes/components/quote-acceptance-form';
import { QuoteCard } from '../../../features/quotes/components/quote-card';
import { ApiError } from '../../../lib/api-client';
import { formatCalendarDate } from '../../../lib/dates';

const DONE_TEXT = {
  aceptado: 'Has aceptado este presupuesto. Gracias: la clínica se pondrá en contacto contigo para las citas.',
  rechazado: 'Este presupuesto consta como rechazado. Si cambias de opinión, habla con la clínica.',
  caducado: 'Este presupuesto ha caducado y ya no se puede aceptar. Pide a la clínica uno nuevo.',
} as const;

/** «Presupuesto»: read it, download its PDF and accept it with her signature, from the link (no sign-in). */
export default function QuoteSigningPage() {
  const { token = '' } = useParams();
  const quote = useQuoteByLink(token);
  return (
    // At least a screen high: the footer starts below the fold, so the quote arriving does not push it (CLS 0.54).
    <Container size="sm" py="lg" px="sm" mih="100vh">
      <PageTitle>Presupuesto</PageTitle>
      {quote.isPending && <LoadingBlock label="Cargando el presupuesto" />}
      {quote.error instanceof ApiError && quote.error.status === 404 ? (
        <Alert color="orange" icon={<IconLinkOff size={18} aria-hidden />} title="Enlace no válido">
          {quote.error.message}
        </Alert>
      ) : (
        quote.isError && (
          <LoadErrorAlert
            title="No se ha podido cargar el presupuesto"
            error={quote.error}
            onRetry={() => void quote.refetch()}
          />
        )
      )}
      {quote.data && (
        <Stack gap="lg">
          <Text size="sm" c="dimmed">
            {quote.data.clinicName} · para {quote.data.patientName}
          </Text>
          <QuoteCard quote={{ ...quote.data, notes: '' }} pdfHref={quoteLinkPdfHref(token)} />
          <Paper withBorder p="md">
            {quote.data.state === 'enviado' ? (
              <Stack gap="sm">
                <Text fw={600}>
                  Aceptar el presupuesto (válido hasta el {formatCalendarDate(quote.data.validUntil)})
                </Text>
                <QuoteAcceptanceForm
                  token={token}
                  quote={quote.data}
                  pad={(onChange) => <SignaturePad label="Tu firma" onChange={onChange} />}
                />
              </Stack>
            ) : (
              <Stack gap="sm" role="status">
                <Text fw={600}>{quote.data.state === 'borrador' ? '' : DONE_TEXT[quote.data.state]}</Text>
                <Anchor href={quoteLinkPdfHref(token)} download>
                  <Group gap={4} component="span">
                    <IconDownload size={16} aria-hidden />
                    Descargar el presupuesto en PDF
                  </Group>
                </Anchor>
              </Stack>
            )}
          </Paper>
        </Stack>
      )}
    </Container>
  );
}
