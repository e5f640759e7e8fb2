import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
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

/** The patient fills a questionnaire, section by section, saving as she goes; then she sends it. */
export function QuestionnaireForm({ request, save, submit, onSubmitted }: Props) {
  const [answers, setAnswers] = useState<Answers>(request.answers);
  const autosave = useAutosave(save);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

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
      if (error instanceof ApiError && error.fields) autosave.setErrors(byQuestion(error.fields));
      setFailure(error instanceof Error ? error.message : 'No se ha podido enviar');
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="lg">
      {request.intro && <Text>{request.intro}</Text>}
      <SaveStatus state={autosave.state} />
      {request.sections.map((section) => (
        <Paper key={section.id} withBorder p="md" component="section" aria-labelledby={`seccion-${section.id}`}>
          <Stack gap="md">
            <Title order={2} size="h4" id={`seccion-${section.id}`}>
              {section.title}
            </Title>
            {section.questions.map((question) => (
              <AnswerField
                key={question.id}
                question={question}
                value={answers[question.id]}
                error={autosave.errors[question.id]}
                onChange={(value) => change(question.id, value)}
                onBlur={() => void autosave.flush()}
              />
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
