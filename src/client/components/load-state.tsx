import { Alert, Button, Center, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessageOf } from '../lib/api-client';

/** A spinner while a screen's data loads. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}

/** A request that failed, with its Spanish message and a way to try again. */
export function LoadErrorAlert({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title={title}>
      {errorMessageOf(error)}
      {onRetry && (
        <Button variant="white" color="red" size="xs" mt="sm" display="block" onClick={onRetry}>
          Reintentar
        </Button>
      )}
    </Alert>
  );
}
