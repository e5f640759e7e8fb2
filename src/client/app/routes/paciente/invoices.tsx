import { EmptyState, Paper, Text } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useInvoices } from '../../../api/invoices';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { InvoicesTable } from '../../../features/invoices/components/invoices-table';

/** «Mis facturas»: what the clinic has invoiced her, each with its PDF. */
export default function MyInvoicesPage() {
  const invoices = useInvoices({});
  return (
    <>
      <PageTitle>Mis facturas</PageTitle>
      <Text c="dimmed" mb="md" maw={720}>
        Las facturas que te ha emitido la clínica. Cada una lleva un código QR para comprobarla en la sede electrónica
        de la Agencia Tributaria.
      </Text>
      {invoices.isPending && <LoadingBlock label="Cargando tus facturas" />}
      {invoices.isError && (
        <LoadErrorAlert
          title="No se han podido cargar tus facturas"
          error={invoices.error}
          onRetry={() => void invoices.refetch()}
        />
      )}
      {invoices.data && (
        <Paper withBorder>
          {invoices.data.invoices.length === 0 ? (
            <EmptyState
              py="xl"
              icon={<IconFileInvoice size={32} stroke={1.5} />}
              title="Aún no tienes facturas"
              description="Cuando la clínica te facture una visita, la verás aquí."
            />
          ) : (
            <InvoicesTable list={invoices.data} />
          )}
        </Paper>
      )}
    </>
  );
}
