import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { Answers, QuestionnaireRequest } from '../../../../common/schemas/questionnaires';
import { ApiError } from '../../../lib/api-client';
import { formatTime } from '../../../lib/dates';
import { AnswerField } from './answer-field';
import { byQuestion, useAutosave, type SaveState } from './use-autosave';

interface Props {
  request: QuestionnaireRequest;
  save: (answers: Answers) => Promise<{ savedAt: string }>;
  submit: (answers: Answers) => Promise<QuestionnaireRequest>;
  onSubmitted: (request: QuestionnaireRequest) => void;
}

function SaveStatus({ state }: { state: SaveState }) {
  const text =
    state.kind === 'saving'
      ? 'Guardando…'
      : state.kind === 'saved'
        ? `Guardado a las ${formatTime(state.at, 'Europe/Madrid')}`
        : state.kind === 'failed'
          ? `No se ha guardado: ${state.message}`
          : 'Tus respuestas se guardan solas: puedes dejarlo a medias y seguir luego.';
  return (
    <Text size="sm" c={state.kind === 'failed' ? 'red' : 'dimmed'} role="status" aria-live="polite">
      {text}
    </Text>
  );
}

/** Who reads the answers, told as it is: the access policy lets her doctors and the clinic's staff read them. */
export const WHO_SEES_ANSWERS =
  'Quién ve tus respuestas: los profesionales que te atienden y el personal de la clínica que las necesita para atenderte.';

/** The first question (in the form's order) of `ids`, brought into view with the cursor in it. */
function revealFirst(form: HTMLElement | null, questionIds: string[]) {
  const first = Array.from(form?.querySelectorAll<HTMLElement>('[data-question-id]') ?? []).find((node) =>
    questionIds.includes(node.dataset.questionId ?? ''),
  );
  if (!first) return;
  first.scrollIntoView({ behavior: 'smooth', block: 'center' });
  first.querySelector<HTMLElement>('input:not([type=hidden]):not(:disabled), textarea, button')?.focus({
    preventScroll: true,
  });
}

/** The patient fills a questionnaire, section by section, saving as she goes; then she sends it. */
export function QuestionnaireForm({ request, save, submit, onSubmitted }: Props) {
  const [answers, setAnswers] = useState<Answers>(request.answers);
  const autosave = useAutosave(save);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The questions a refused submit named: once their messages are drawn, the first is shown (at 390 px it may be far up).
  const [refused, setRefused] = useState<string[]>([]);
  const formRef = useRef<HTMLDivElement>(null);
  useEffect(() => revealFirst(formRef.current, refused), [refused]);

  const change = (id: string, value: unknown) => {
    setAnswers((previous) => ({ ...previous, [id]: value }));
    autosave.change(id, value);
  };

  const send = async () => {
    setSending(true);
    setFailure(null);
    try {
      await autosave.flush();
      onSubmitted(await submit(answers));
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        const fields = byQuestion(error.fields);
        autosave.setErrors(fields);
        setRefused(Object.keys(fields));
      }
      setFailure(error instanceof Error ? error.message : 'No se ha podido enviar');
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="lg" ref={formRef}>
      {request.intro && <Text>{request.intro}</Text>}
      <Text size="sm">{WHO_SEES_ANSWERS}</Text>
      <SaveStatus state={autosave.state} />
      {request.sections.map((section) => (
        <Paper key={section.id} withBorder p="md" component="section" aria-labelledby={`seccion-${section.id}`}>
          <Stack gap="md">
            <Title order={2} size="h4" id={`seccion-${section.id}`}>
              {section.title}
            </Title>
            {section.questions.map((question) => (
              <div key={question.id} data-question-id={question.id}>
                <AnswerField
                  question={question}
                  value={answers[question.id]}
                  error={autosave.errors[question.id]}
                  onChange={(value) => change(question.id, value)}
                  onBlur={() => void autosave.flush()}
                />
              </div>
            ))}
          </Stack>
        </Paper>
      ))}
      {failure && (
        <Alert color="red" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
          {failure}
        </Alert>
      )}
      <Button
        size="md"
        fullWidth
        leftSection={<IconCircleCheck size={18} aria-hidden />}
        loading={sending}
        onClick={() => void send()}
      >
        Enviar el cuestionario
      </Button>
    </Stack>
  );
}
