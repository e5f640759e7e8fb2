import { useCallback, useState } from 'react';
import { useAuth } from '../../../../lib/auth/use-auth';
import type { ColumnsPreference } from '../../utils/day-columns';

/** Where this browser keeps each user's columns (order and hidden doctors): per user, not per clinic. */
export const columnsStorageKey = (userId: string) => `clinica:columnas-por-profesional:${userId}`;

function read(key: string): ColumnsPreference | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(key) ?? 'null') as unknown;
    if (!value || typeof value !== 'object') return null;
    const { order, hidden } = value as Partial<ColumnsPreference>;
    const ids = (list: unknown) =>
      Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
    return { order: ids(order), hidden: ids(hidden) };
  } catch {
    return null;
  }
}

/** The user's choice of doctors shown and their order, remembered in this browser. */
export function useColumnsPreference() {
  const { profile } = useAuth();
  const key = columnsStorageKey(profile?.id ?? 'anonimo');
  const [state, setState] = useState(() => ({ key, preference: read(key) }));
  const preference = state.key === key ? state.preference : read(key);
  const save = useCallback(
    (next: ColumnsPreference) => {
      setState({ key, preference: next });
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // A full or blocked storage: the choice lasts until the page is left.
      }
    },
    [key],
  );
  return [preference, save] as const;
}
