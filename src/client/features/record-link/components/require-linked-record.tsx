import type { ReactNode } from 'react';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { useRecordLink } from '../api/get-record-link';
import { RecordLinkNotice } from './record-link-notice';

/**
 * Shows `children` (what reads the paciente's record) only once the record is theirs; while a record with
 * their e-mail waits for the proof, the notice with «Reenviar enlace» instead.
 */
export function RequireLinkedRecord({ children }: { children: ReactNode }) {
  const link = useRecordLink();
  if (link.isPending) return <LoadingBlock label="Comprobando tu ficha" />;
  if (link.isError) {
    return (
      <LoadErrorAlert
        title="No se ha podido comprobar tu ficha"
        error={link.error}
        onRetry={() => void link.refetch()}
      />
    );
  }
  if (link.data.status === 'pending') return <RecordLinkNotice status={link.data} />;
  return <>{children}</>;
}
