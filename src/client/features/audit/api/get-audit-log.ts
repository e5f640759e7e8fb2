import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { AuditAction, AuditEntity, AuditList, AuditRole } from '../../../../common/schemas/audit';
import { apiFetch, toQueryString } from '../../../lib/api-client';

/** The filters of the audit log (the contract's `AuditFilters`, as the screen keeps them). */
export interface AuditLogFilters {
  /** Words of a user's name or e-mail, or an account id. */
  user?: string;
  patientId?: string;
  action?: AuditAction;
  entity?: AuditEntity;
  role?: AuditRole;
  /** Clinic-zone days «AAAA-MM-DD», both included. */
  from?: string;
  to?: string;
}

export interface AuditLogQuery extends AuditLogFilters {
  page?: number;
  pageSize?: number;
}

export const auditRootKey = ['audit'] as const;

/** A page of who read or changed clinical data, newest first. */
export const getAuditLog = (query: AuditLogQuery, signal?: AbortSignal) =>
  apiFetch<AuditList>(`${api.audit}${toQueryString({ ...query })}`, { signal });

export const getAuditLogQueryOptions = (query: AuditLogQuery) =>
  queryOptions({
    queryKey: [...auditRootKey, 'list', query],
    queryFn: ({ signal }) => getAuditLog(query, signal),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (query: AuditLogQuery) => useQuery(getAuditLogQueryOptions(query));
