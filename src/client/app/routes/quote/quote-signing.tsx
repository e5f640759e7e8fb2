import { Alert, Anchor, Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconLinkOff, IconSignature } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { quoteLinkPdfHref, useQuoteByLink } from '../../../features/quotes/api/get-quote-by-link';
import { QuoteCard } from '../../../features/quotes/components/quote-card';
import { ApiError } from '../../../lib/api-client';
import { formatCalendarDate } from '../../../lib/calendar-dates';
import { useAwaitingAppMark } from '../../../lib/use-hydrated';
import { useFirstIntent } from '../../../lib/use-first-intent';

// Her signature's form (name, document, the pad or her typed name) is not in the page's first load, which is the quote
// she reads: it opens at «Firmar el presupuesto», fetched at her first touch so that the tap finds it.
const loadAcceptance = () => import('./quote-acceptance');
const QuoteAcceptance = lazy(loadAcceptance);

const DONE_TEXT = {
  aceptado: 'Has aceptado este presupuesto. Gracias: la clínica se pondrá en contacto contigo para las citas.',
  rechazado: 'Este presupuesto consta como rechazado. Si cambias de opinión, habla con la clínica.',
  caducado: 'Este presupuesto ha caducado y ya no se puede aceptar. Pide a la clínica uno nuevo.',
} as const;

/** «Firmar el presupuesto»: pressed before the app has the page, it opens the form once it does. */
function SignButton({ onClick }: { onClick: () => void }) {
  return (
    <Button
      leftSection={<IconSignature size={18} aria-hidden />}
      onClick={onClick}
      w="fit-content"
      {...useAwaitingAppMark()}
    >
      Firmar el presupuesto
    </Button>
  );
}

/**
 * «Presupuesto»: read it, download its PDF and accept it with her signature, from the link (no sign-in). The page
 * arrives drawn by the server with the quote (or the link's refusal) in it.
 */
export default function QuoteSigningPage() {
  const { token = '' } = useParams();
  const quote = useQuoteByLink(token);
  const [signing, setSigning] = useState(false);
  useFirstIntent(() => void loadAcceptance());
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
          <QuoteCard quote={quote.data} pdfHref={quoteLinkPdfHref(token)} />
          <Paper withBorder p="md">
            {quote.data.state === 'enviado' ? (
              <Stack gap="sm">
                <Text fw={600}>
                  Aceptar el presupuesto (válido hasta el {formatCalendarDate(quote.data.validUntil)})
                </Text>
                {signing ? (
                  <Suspense fallback={<LoadingBlock label="Cargando la firma" />}>
                    <QuoteAcceptance token={token} quote={quote.data} />
                  </Suspense>
                ) : (
                  <SignButton onClick={() => setSigning(true)} />
                )}
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
