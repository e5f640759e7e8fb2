import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { ImportList } from '../../../../common/schemas/patient-import';
import { apiFetch } from '../../../lib/api-client';
import { importKeys } from './import-keys';

/** GET api.patientImports: the last imports, newest first. */
export const getImports = (signal?: AbortSignal) => apiFetch<ImportList>(api.patientImports, { signal });

export const importsQueryOptions = () =>
  queryOptions({ queryKey: importKeys.all, queryFn: ({ signal }) => getImports(signal) });

export const useImports = () => useQuery(importsQueryOptions());
