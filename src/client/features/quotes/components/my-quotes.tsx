import { Button, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { errorMessageOf } from '../../../lib/api-client';
import { useQuoteLink } from '../api/get-quote-link';
import { quotePdfHref, useQuotes } from '../api/get-quotes';
import { QuoteCard } from './quote-card';

/** «Mis presupuestos» (the paciente's area): each of hers with what is done, paid and pending; sign a sent one. */
export function MyQuotes({
  navigate = (url: string) => window.location.assign(url),
}: {
  navigate?: (url: string) => void;
}) {
  const quotes = useQuotes(null);
  const link = useQuoteLink();
  if (quotes.isPending) return <LoadingBlock label="Cargando tus presupuestos" />;
  if (quotes.isError) {
    return (
      <LoadErrorAlert
        title="No se han podido cargar tus presupuestos"
        error={quotes.error}
        onRetry={() => void quotes.refetch()}
      />
    );
  }
  const shown = quotes.data.filter((quote) => quote.state !== 'borrador');
  return (
    <Stack component="section" aria-labelledby="my-quotes-title">
      <Title order={2} size="h3" id="my-quotes-title">
        Mis presupuestos
      </Title>
      {shown.length === 0 && <Text c="dimmed">No tienes presupuestos.</Text>}
      {shown.map((quote) => (
        <QuoteCard
          key={quote.id}
          quote={quote}
          pdfHref={quotePdfHref(quote.id)}
          actions={
            quote.state === 'enviado' && (
              <Button
                size="xs"
                loading={link.isPending}
                onClick={() =>
                  link.mutate(quote.id, {
                    onSuccess: ({ url }) => navigate(url),
                    onError: (error) =>
                      notifications.show({
                        color: 'red',
                        title: 'No se ha podido abrir',
                        message: errorMessageOf(error),
                      }),
                  })
                }
              >
                Revisar y firmar
              </Button>
            )
          }
        />
      ))}
    </Stack>
  );
}
