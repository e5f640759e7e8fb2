import { Alert, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Quote } from '../../../../common/schemas/quotes';
import { refusalText } from '../../../components/form-error';
import { useQuotes } from '../api/get-quotes';
import { useLinkQuoteSession } from '../api/link-quote-session';

type Line = Quote['lines'][number];
interface Visit {
  id: string;
  patientId: string;
  status: string;
  serviceId?: string | null;
}

/**
 * The lines of her accepted quotes this visit may be a session of: of its service (or any, for a visit booked without
 * one) and with sessions left. The server decides the rest (an invoiced visit, say) and refuses in Spanish.
 */
export function sessionOffers(quotes: readonly Quote[], visit: Visit): { quote: Quote; line: Line }[] {
  if (visit.status === 'cancelada') return [];
  return quotes
    .filter((quote) => quote.state === 'aceptado')
    .flatMap((quote) => quote.lines.map((line) => ({ quote, line })))
    .filter(
      ({ line }) => (!visit.serviceId || line.serviceId === visit.serviceId) && line.sessions.length < line.quantity,
    );
}

/**
 * In an opened appointment of the desk's diary: «Sesión del presupuesto P-…» when it is one, else a button per
 * accepted quote's line it fits, «Vincular al presupuesto P-…», which makes it the line's next session.
 */
export function QuoteSessionOffer({ appointment }: { appointment: Visit }) {
  const quotes = useQuotes(appointment.patientId);
  const link = useLinkQuoteSession();
  if (!quotes.data) return null;
  const holding = quotes.data.find((quote) =>
    quote.lines.some((line) => line.sessions.some((session) => session.appointmentId === appointment.id)),
  );
  if (holding) return <Text size="sm">Sesión del presupuesto {holding.number}</Text>;
  const offers = sessionOffers(quotes.data, appointment);
  if (offers.length === 0) return null;
  const several = new Set(offers.map(({ quote }) => quote.id)).size < offers.length;
  return (
    <Stack gap="xs" aria-label="Presupuestos aceptados">
      {offers.map(({ quote, line }) => (
        <Button
          key={line.id}
          size="xs"
          variant="default"
          w="fit-content"
          loading={link.isPending && link.variables?.lineId === line.id}
          onClick={() =>
            link.mutate(
              { id: quote.id, lineId: line.id, appointmentId: appointment.id },
              {
                onSuccess: () =>
                  notifications.show({ color: 'teal', message: `Cita vinculada al presupuesto ${quote.number}` }),
              },
            )
          }
        >
          Vincular al presupuesto {quote.number}
          {several ? ` (${line.description})` : ''}
        </Button>
      ))}
      {link.error && (
        <Alert color="red" role="alert" title="No se ha podido vincular la cita">
          {refusalText(link.error)}
        </Alert>
      )}
    </Stack>
  );
}
