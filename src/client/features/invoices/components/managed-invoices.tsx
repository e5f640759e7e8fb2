import { useState } from 'react';
import type { InvoiceListQuery, InvoiceSummary } from '../../../../common/schemas/invoices';
import { CancelInvoiceModal } from './cancel-invoice-modal';
import { CompleteInvoiceModal } from './complete-invoice-modal';
import { InvoicesBlock } from './invoices-block';
import { PaymentModal } from './payment-modal';
import { RectifyInvoiceModal } from './rectify-invoice-modal';

interface ManagedInvoicesProps {
  filters: InvoiceListQuery;
  texts: { loading: string; failed: string; none: string; noneHint: string };
}

/**
 * The desk's invoices with what it does to each — «Cobrar» or «Devolver», «Emitir factura completa», «Rectificar»,
 * «Anular» — wherever it meets them: «Facturación» and a patient's page.
 */
export function ManagedInvoices({ filters, texts }: ManagedInvoicesProps) {
  const [cancelling, setCancelling] = useState<InvoiceSummary | null>(null);
  const [paying, setPaying] = useState<InvoiceSummary | null>(null);
  const [rectifying, setRectifying] = useState<InvoiceSummary | null>(null);
  const [completing, setCompleting] = useState<InvoiceSummary | null>(null);
  return (
    <>
      <InvoicesBlock
        filters={filters}
        actions={{ onCancel: setCancelling, onPay: setPaying, onRectify: setRectifying, onComplete: setCompleting }}
        texts={texts}
      />
      {cancelling && <CancelInvoiceModal invoice={cancelling} onClose={() => setCancelling(null)} />}
      {paying && <PaymentModal invoice={paying} onClose={() => setPaying(null)} />}
      {rectifying && <RectifyInvoiceModal invoice={rectifying} onClose={() => setRectifying(null)} />}
      {completing && <CompleteInvoiceModal invoice={completing} onClose={() => setCompleting(null)} />}
    </>
  );
}
