import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Quote } from '../../../../common/schemas/quotes';
import { errorMessageOf } from '../../../lib/api-client';
import { useInvoiceQuote } from '../api/invoice-quote';
import { useRejectQuote } from '../api/reject-quote';
import { useSendQuote } from '../api/send-quote';

const failed = (title: string) => (error: unknown) =>
  notifications.show({ color: 'red', title, message: errorMessageOf(error) });

/**
 * What the desk does with a quote: change a draft, send it (again), record a paper acceptance or a refusal while it
 * is open, and invoice an accepted one up front (once, and not after a session was invoiced on its own). A doctor
 * (`manage` false: she lacks 'manage:quotes') changes and sends hers; the rest is the desk's.
 */
export function QuoteDeskActions({
  quote,
  manage,
  onEdit,
  onPaper,
}: {
  quote: Quote;
  manage: boolean;
  onEdit: () => void;
  onPaper: () => void;
}) {
  const send = useSendQuote();
  const reject = useRejectQuote();
  const invoice = useInvoiceQuote();
  const open = quote.state === 'borrador' || quote.state === 'enviado';
  const invoiced = quote.progress.invoicedCents > 0 || quote.upfrontInvoiceNumber !== null;
  // A draft never sent stays a draft when its validity passed: changed, it gets a new one.
  const draft = quote.state === 'borrador' || (quote.state === 'caducado' && quote.sentAt === null);
  return (
    <Group gap="xs">
      {draft && (
        <Button size="xs" variant="default" onClick={onEdit}>
          Editar borrador
        </Button>
      )}
      {open && (
        <Button
          size="xs"
          onClick={() =>
            send.mutate(quote.id, {
              onSuccess: () => notifications.show({ color: 'teal', message: `Presupuesto ${quote.number} enviado` }),
              onError: failed('No se ha podido enviar'),
            })
          }
          loading={send.isPending}
        >
          {quote.state === 'borrador' ? 'Enviar' : 'Reenviar'}
        </Button>
      )}
      {open && manage && (
        <>
          <Button size="xs" variant="default" onClick={onPaper}>
            Aceptación en papel
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red"
            onClick={() => reject.mutate(quote.id, { onError: failed('No se ha podido rechazar') })}
            loading={reject.isPending}
          >
            Rechazado
          </Button>
        </>
      )}
      {quote.state === 'aceptado' && manage && !invoiced && (
        <Button
          size="xs"
          variant="default"
          onClick={() =>
            invoice.mutate(
              { id: quote.id, kind: 'completa' },
              {
                onSuccess: (after) =>
                  notifications.show({ color: 'teal', message: `Factura ${after.upfrontInvoiceNumber} emitida` }),
                onError: failed('No se ha podido facturar'),
              },
            )
          }
          loading={invoice.isPending}
        >
          Facturar todo por adelantado
        </Button>
      )}
    </Group>
  );
}
