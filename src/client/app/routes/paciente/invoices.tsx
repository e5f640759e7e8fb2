import { Text } from '@mantine/core';
import { useState } from 'react';
import type { InvoiceSummary } from '../../../../common/schemas/invoices';
import { PageTitle } from '../../../components/page-title';
import { InvoicesBlock } from '../../../features/invoices/components/invoices-block';
import { MyQuotes } from '../../../features/quotes/components/my-quotes';
import { PayOnlineModal } from '../../../features/invoices/components/pay-online-modal';
import { MyPacks } from '../../../features/packs/components/my-packs';
import { useMyRecord } from '../../../features/profile/api/get-my-record';

/**
 * «Mis facturas»: what the clinic has invoiced her, each with its PDF, what is pending paid online, and her session
 * packs («Mis bonos»).
 */
export default function MyInvoicesPage() {
  const [paying, setPaying] = useState<InvoiceSummary | null>(null);
  const record = useMyRecord();
  return (
    <>
      <PageTitle>Mis facturas</PageTitle>
      <Text c="dimmed" mb="md" maw={720}>
        Las facturas que te ha emitido la clínica. Cada una lleva un código QR para comprobarla en la sede electrónica
        de la Agencia Tributaria.
      </Text>
      <Text mb="md" maw={720}>
        Lo pendiente puedes pagarlo aquí con tarjeta o Bizum («Pagar con tarjeta o Bizum»), o en la recepción de la
        clínica.
      </Text>
      <InvoicesBlock
        filters={{}}
        texts={{
          loading: 'Cargando tus facturas',
          failed: 'No se han podido cargar tus facturas',
          none: 'Aún no tienes facturas',
          noneHint: 'Cuando la clínica te facture una visita, la verás aquí.',
        }}
        onPayOnline={setPaying}
      />
      <MyQuotes />
      {paying && <PayOnlineModal invoice={paying} onClose={() => setPaying(null)} />}
      <MyPacks patientId={record.data?.id} />
    </>
  );
}
