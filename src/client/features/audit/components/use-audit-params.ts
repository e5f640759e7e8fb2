import { useSearchParams } from 'react-router';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_ROLES,
  type AuditAction,
  type AuditEntity,
  type AuditRole,
} from '../../../../common/schemas/audit';
import type { AuditLogFilters } from '../api/get-audit-log';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: string | null): T | undefined =>
    values.includes(value as T) ? (value as T) : undefined;
const actionOf = oneOf<AuditAction>(AUDIT_ACTIONS);
const entityOf = oneOf<AuditEntity>(AUDIT_ENTITIES);
const roleOf = oneOf<AuditRole>(AUDIT_ROLES);

export type AuditParamKey = keyof AuditLogFilters | 'page';

/** The filters and page live in the address: back, reload and shared links keep them. */
export function useAuditParams() {
  const [params, setParams] = useSearchParams();
  const day = (key: 'from' | 'to') => {
    const value = params.get(key);
    return value && DAY.test(value) ? value : undefined;
  };
  const filters: AuditLogFilters = {
    user: params.get('user')?.trim() || undefined,
    patientId: params.get('patientId') || undefined,
    action: actionOf(params.get('action')),
    entity: entityOf(params.get('entity')),
    role: roleOf(params.get('role')),
    from: day('from'),
    to: day('to'),
  };
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;

  const update = (changes: Partial<Record<AuditParamKey, string | number | null | undefined>>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          const text = value === null || value === undefined ? '' : String(value);
          if (!text || (key === 'page' && text === '1')) next.delete(key);
          else next.set(key, text);
        }
        // Any change of filter starts again at the first page.
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      // Typing a name doesn't fill the history; other changes do, so «back» undoes them.
      { replace: 'user' in changes },
    );
  };
  const filtered = Object.values(filters).some(Boolean);
  return { filters, page, update, filtered };
}
