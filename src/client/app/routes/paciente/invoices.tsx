import { Text } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { InvoicesBlock } from '../../../features/invoices/components/invoices-block';
import { MyPacks } from '../../../features/packs/components/my-packs';
import { useMyRecord } from '../../../features/profile/api/get-my-record';

/** «Mis facturas»: what the clinic has invoiced her, each with its PDF, and her session packs («Mis bonos»). */
export default function MyInvoicesPage() {
  const record = useMyRecord();
  return (
    <>
      <PageTitle>Mis facturas</PageTitle>
      <Text c="dimmed" mb="md" maw={720}>
        Las facturas que te ha emitido la clínica. Cada una lleva un código QR para comprobarla en la sede electrónica
        de la Agencia Tributaria.
      </Text>
      <Text mb="md" maw={720}>
        Lo pendiente se paga en la recepción de la clínica, en efectivo, con tarjeta o por Bizum.
      </Text>
      <InvoicesBlock
        filters={{}}
        texts={{
          loading: 'Cargando tus facturas',
          failed: 'No se han podido cargar tus facturas',
          none: 'Aún no tienes facturas',
          noneHint: 'Cuando la clínica te facture una visita, la verás aquí.',
        }}
      />
      <MyPacks patientId={record.data?.id} />
    </>
  );
}
