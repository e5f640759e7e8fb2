import { useCallback, useEffect, useRef, useState } from 'react';
import type { Answers } from '../../../../common/schemas/questionnaires';
import { ApiError } from '../../../lib/api-client';

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string }
  | { kind: 'failed'; message: string };

/**
 * Saving as she goes: each changed answer is kept until a pause (`delayMs`) or until she leaves the field, then sent
 * in one PUT of the draft with only the changed questions. A refused answer comes back as its field's message.
 */
export function useAutosave(save: (answers: Answers) => Promise<{ savedAt: string }>, delayMs = 800) {
  const pending = useRef<Answers>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const answers = pending.current;
    if (Object.keys(answers).length === 0) return true;
    pending.current = {};
    setState({ kind: 'saving' });
    try {
      const { savedAt } = await save(answers);
      setErrors((previous) => Object.fromEntries(Object.entries(previous).filter(([id]) => !(id in answers))));
      setState({ kind: 'saved', at: savedAt });
      return true;
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      setErrors((previous) => ({ ...previous, ...byQuestion(fields) }));
      // What was not saved is kept for the next try (nothing she typed is lost).
      pending.current = { ...answers, ...pending.current };
      setState({ kind: 'failed', message: error instanceof Error ? error.message : 'No se ha podido guardar' });
      return false;
    }
  }, [save]);

  const change = useCallback(
    (id: string, value: unknown) => {
      pending.current = { ...pending.current, [id]: value ?? null };
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), delayMs);
    },
    [flush, delayMs],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  return { state, errors, setErrors, change, flush };
}

/** `answers.<id>` field messages as messages by question id. */
export const byQuestion = (fields: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(fields)
      .filter(([key]) => key.startsWith('answers.'))
      .map(([key, message]) => [key.slice('answers.'.length), message]),
  );
