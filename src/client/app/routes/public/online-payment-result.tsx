import { Alert, Anchor, Container, Loader, Group, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { formatEuros } from '../../../../common/money';
import { paths } from '../../../../common/paths';
import { useOnlinePaymentResult } from '../../../api/online-payments';
import { LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { errorMessageOf } from '../../../components/form-error';

/**
 * /pago/:id, where Redsys sends the browser back: it only reads what the bank's notification recorded («Pago
 * recibido», «Pago rechazado»), and while it has not come, «Pago pendiente de confirmar», asking again.
 */
export default function OnlinePaymentResultPage() {
  const { id = '' } = useParams();
  const result = useOnlinePaymentResult(id);
  const data = result.data;
  const what = data ? `${formatEuros(data.amountCents)} de la factura ${data.invoiceNumber}` : '';
  return (
    <Container size="sm" py="xl">
      <PageTitle>Pago en línea</PageTitle>
      {result.isPending && <LoadingBlock label="Comprobando el pago" />}
      {result.isError && (
        <Alert color="orange" role="alert" title="Pago no encontrado">
          {errorMessageOf(result.error)}
        </Alert>
      )}
      {data?.state === 'recibido' && (
        <Alert color="teal" title="Pago recibido" role="status">
          Hemos recibido tu pago de {what}. Gracias.
        </Alert>
      )}
      {data?.state === 'rechazado' && (
        <Alert color="red" title="Pago rechazado" role="status">
          El banco no ha autorizado el pago de {what}. No se te ha cobrado nada. Puedes intentarlo de nuevo o pagar en
          la recepción.
        </Alert>
      )}
      {data?.state === 'pendiente' && (
        <Alert color="yellow" title="Pago pendiente de confirmar" role="status">
          <Group gap="xs" wrap="nowrap">
            <Loader size="xs" aria-hidden />
            <Text size="sm">
              Esperamos la confirmación del banco del pago de {what}. Esta página se actualiza sola.
            </Text>
          </Group>
        </Alert>
      )}
      <Text size="sm" mt="lg">
        <Anchor component={Link} to={paths.patient.invoices}>
          Ver mis facturas
        </Anchor>
      </Text>
    </Container>
  );
}
