import { Alert, List, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessageOf, UNEXPECTED_ERROR_MESSAGE } from '../lib/api-client';

/** What a form shows above its fields when saving fails. */
export interface FormFailure {
  message: string;
  /** Field messages of the server that no field of the form shows. */
  details: string[];
}

/**
 * Turns a failed save into what the form shows: each server field message goes next to its field
 * (`fields` keys are the paths of the form, e.g. `schedule.2.end`), the rest into the alert.
 */
export function toFormFailure<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  isFormField: (path: string) => boolean,
): FormFailure {
  if (!(error instanceof ApiError)) return { message: UNEXPECTED_ERROR_MESSAGE, details: [] };
  const details: string[] = [];
  for (const [path, message] of Object.entries(error.fields ?? {})) {
    if (path && isFormField(path)) setError(path as FieldPath<T>, { type: 'server', message }, { shouldFocus: false });
    else details.push(message);
  }
  return { message: error.message, details };
}

/** A refusal in one line, for a dialog without a field of its own per message: its field messages, else its message. */
export const refusalText = (error: unknown): string =>
  error instanceof ApiError && error.fields ? Object.values(error.fields).join('. ') : errorMessageOf(error);

/** A predicate for `toFormFailure`: the path starts with one of `names` (`schedule` admits `schedule.0.end`). */
export const fieldsOf =
  (names: readonly string[]) =>
  (path: string): boolean =>
    names.includes(path.split('.')[0] ?? '');

/** The red alert of a form that could not be saved; `children` adds actions (e.g. a link). */
export function FormFailureAlert({
  failure,
  title = 'No se han podido guardar los cambios',
  children,
}: {
  failure: FormFailure | null;
  title?: string;
  children?: ReactNode;
}) {
  if (!failure) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title={title}>
      <Stack gap={6}>
        <Text size="sm">{failure.message}</Text>
        {failure.details.length > 0 && (
          <List size="sm" spacing={2}>
            {failure.details.map((detail) => (
              <List.Item key={detail}>{detail}</List.Item>
            ))}
          </List>
        )}
        {children}
      </Stack>
    </Alert>
  );
}

export { errorMessageOf } from '../lib/api-client';
