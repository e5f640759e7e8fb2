import { useMutation } from '@tanstack/react-query';
import { quoteApi } from '../../../../common/api-paths';
import { apiFetch } from '../../../lib/api-client';

/** POST quoteApi.link: a fresh link to read and sign her own quote (the paciente's area opens it). */
export const getQuoteLink = (id: string) => apiFetch<{ url: string }>(quoteApi.link(id), { method: 'POST' });
export const useQuoteLink = () => useMutation({ mutationFn: getQuoteLink });
