import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { onlinePaymentApi } from '../../common/api-paths';
import type {
  OnlinePaymentMethod,
  OnlinePaymentResult,
  PaymentLinkInput,
  PaymentLinkSent,
  PaymentLinkView,
  RedsysForm,
  RedsysSettings,
  RedsysSettingsInput,
} from '../../common/schemas/online-payments';
import { apiFetch } from '../lib/api-client';
import { useEmbeddedAnswer } from '../lib/embedded-answer';

/** Paying online through Redsys (issue 36, item 6): one fetcher per endpoint. */
export const onlinePaymentKeys = {
  settings: ['settings', 'redsys'] as const,
  link: (token: string) => ['payment-link', token] as const,
  result: (id: string) => ['online-payment', id] as const,
};

/**
 * Sends the browser to Redsys with the signed form, as Redsys's redirection integration asks: a POST of the three
 * fields to its address (a real form, so that the page leaves for Redsys's).
 */
export function submitToRedsys(form: RedsysForm): void {
  const element = document.createElement('form');
  element.method = 'POST';
  element.action = form.action;
  for (const [name, value] of Object.entries(form.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    element.appendChild(input);
  }
  document.body.appendChild(element);
  element.submit();
}

export const startMyOnlinePayment = ({ invoiceId, method }: { invoiceId: string; method: OnlinePaymentMethod }) =>
  apiFetch<RedsysForm>(onlinePaymentApi.invoiceOnlinePayment(invoiceId), { method: 'POST', body: { method } });
export const useStartMyOnlinePayment = () =>
  useMutation({ mutationFn: startMyOnlinePayment, onSuccess: submitToRedsys });

export const getPaymentLink = (token: string, signal?: AbortSignal) =>
  apiFetch<PaymentLinkView>(onlinePaymentApi.paymentLink(token), { signal });
/** The link's page arrives drawn by the server with this answer (spa.ts): the query starts from it. */
export function usePaymentLink(token: string) {
  useEmbeddedAnswer(onlinePaymentKeys.link(token), onlinePaymentApi.paymentLink(token));
  return useQuery({
    queryKey: onlinePaymentKeys.link(token),
    queryFn: ({ signal }) => getPaymentLink(token, signal),
    retry: false,
    retryOnMount: false,
  });
}

export const startLinkPayment = ({ token, method }: { token: string; method: OnlinePaymentMethod }) =>
  apiFetch<RedsysForm>(onlinePaymentApi.paymentLinkPay(token), { method: 'POST', body: { method } });
export const useStartLinkPayment = () => useMutation({ mutationFn: startLinkPayment, onSuccess: submitToRedsys });

export const getOnlinePaymentResult = (id: string, signal?: AbortSignal) =>
  apiFetch<OnlinePaymentResult>(onlinePaymentApi.onlinePayment(id), { signal });
/**
 * The return page asks again every 2 s while Redsys's notification has not come (for two minutes at most). It
 * arrives drawn by the server with the first answer (spa.ts).
 */
export function useOnlinePaymentResult(id: string) {
  useEmbeddedAnswer(onlinePaymentKeys.result(id), onlinePaymentApi.onlinePayment(id));
  return useQuery({
    queryKey: onlinePaymentKeys.result(id),
    queryFn: ({ signal }) => getOnlinePaymentResult(id, signal),
    retry: false,
    retryOnMount: false,
    refetchInterval: (query) =>
      query.state.data?.state === 'pendiente' && query.state.dataUpdateCount < 60 ? 2000 : false,
  });
}

export const sendPaymentLink = ({ invoiceId, input }: { invoiceId: string; input: PaymentLinkInput }) =>
  apiFetch<PaymentLinkSent>(onlinePaymentApi.invoicePaymentLink(invoiceId), { method: 'POST', body: input });
export const useSendPaymentLink = () => useMutation({ mutationFn: sendPaymentLink });

export const getRedsysSettings = (signal?: AbortSignal) =>
  apiFetch<RedsysSettings>(onlinePaymentApi.redsysSettings, { signal });
export const useRedsysSettings = () =>
  useQuery({ queryKey: onlinePaymentKeys.settings, queryFn: ({ signal }) => getRedsysSettings(signal) });

export const saveRedsysSettings = (input: RedsysSettingsInput) =>
  apiFetch<RedsysSettings>(onlinePaymentApi.redsysSettings, { method: 'PUT', body: input });
export function useSaveRedsysSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRedsysSettings,
    onSuccess: (saved) => queryClient.setQueryData(onlinePaymentKeys.settings, saved),
  });
}
