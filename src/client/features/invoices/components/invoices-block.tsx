import { EmptyState, Paper } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import type { InvoiceListQuery, InvoiceSummary } from '../../../../common/schemas/invoices';
import { useInvoices } from '../../../api/invoices';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import type { InvoiceActions } from './invoice-row';
import { InvoicesTable } from './invoices-table';

interface InvoicesBlockProps {
  filters: InvoiceListQuery;
  /** What it says while loading, when it fails, and when there is none. */
  texts: { loading: string; failed: string; none: string; noneHint: string };
  actions?: InvoiceActions;
  onPayOnline?: (invoice: InvoiceSummary) => void;
}

/** The invoices of `filters` as a table, with its loading, failure and empty states. */
export function InvoicesBlock({ filters, texts, actions, onPayOnline }: InvoicesBlockProps) {
  const invoices = useInvoices(filters);
  if (invoices.isPending) return <LoadingBlock label={texts.loading} />;
  if (invoices.isError) {
    return <LoadErrorAlert title={texts.failed} error={invoices.error} onRetry={() => void invoices.refetch()} />;
  }
  return (
    <Paper withBorder>
      {invoices.data.invoices.length === 0 ? (
        <EmptyState
          py="xl"
          icon={<IconFileInvoice size={32} stroke={1.5} />}
          title={texts.none}
          description={texts.noneHint}
        />
      ) : (
        <InvoicesTable list={invoices.data} actions={actions} onPayOnline={onPayOnline} />
      )}
    </Paper>
  );
}
