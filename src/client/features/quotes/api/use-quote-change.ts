import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invoiceKeys } from '../../../api/invoices';
import { quoteKeys } from '../../../api/quote-keys';

/** A change of a quote: refreshes every list of quotes (and the invoices, which invoicing it up front adds to). */
export function useQuoteChange<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: quoteKeys.all });
      await queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    },
  });
}
