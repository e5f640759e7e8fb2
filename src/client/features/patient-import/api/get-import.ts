import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { ImportStatus, ImportView } from '../../../../common/schemas/patient-import';
import { apiFetch } from '../../../lib/api-client';
import { importKeys } from './import-keys';

/** States a worker is carrying out: the page asks for the progress every second. */
export const IMPORT_IN_PROGRESS: readonly ImportStatus[] = ['queued', 'running', 'undo_queued', 'undoing'];

/** GET api.patientImport: one import, its mapping and its progress. */
export const getImport = (id: string, signal?: AbortSignal) => apiFetch<ImportView>(api.patientImport(id), { signal });

export const importQueryOptions = (id: string) =>
  queryOptions({
    queryKey: importKeys.one(id),
    queryFn: ({ signal }) => getImport(id, signal),
    refetchInterval: (query) =>
      query.state.data && IMPORT_IN_PROGRESS.includes(query.state.data.status) ? 1000 : false,
  });

export const useImport = (id: string) => useQuery(importQueryOptions(id));
