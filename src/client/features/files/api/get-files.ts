import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { FileList, FileType } from '../../../../common/schemas/files';
import { apiFetch, toQueryString } from '../../../lib/api-client';
import { fileListKey } from '../../../api/file-keys';

export interface FilesQuery {
  type?: FileType;
  patientId?: string;
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
}

/** Admins get every file; a doctor those of their patients; a patient those of their record shown to them. */
export const getFiles = (query: FilesQuery, signal?: AbortSignal) =>
  apiFetch<FileList>(`${api.files}${toQueryString({ ...query })}`, { signal });

export const getFilesQueryOptions = (query: FilesQuery) =>
  queryOptions({
    queryKey: [...fileListKey, query],
    queryFn: ({ signal }) => getFiles(query, signal),
    placeholderData: keepPreviousData,
  });

export const useFiles = (query: FilesQuery) => useQuery(getFilesQueryOptions(query));
