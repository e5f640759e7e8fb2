import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { About } from '../../../../common/schemas/verifactu';
import { apiFetch } from '../../../lib/api-client';

/** GET api.public.about: the system, its producer and the declaración responsable (public). */
export const getAbout = (signal?: AbortSignal) => apiFetch<About>(api.public.about, { signal });

export const useAbout = () =>
  useQuery({ queryKey: ['about'], queryFn: ({ signal }) => getAbout(signal), staleTime: Infinity });
