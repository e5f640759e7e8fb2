import { Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { recordNames } from '../../../../common/allergies';
import type { ListAnswer, YesNoAnswer } from '../../../../common/questionnaire-answers';
import type { Question, QuestionnaireRequest } from '../../../../common/schemas/questionnaires';
import { formatCalendarDate } from '../../../lib/dates';

/** An answer as text («Sí — 5 al día», «Fiebre, Tos», «72 kg»); null when not answered. */
export function answerText(question: Question, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  switch (question.kind) {
    case 'yes_no': {
      const answer = value as YesNoAnswer;
      return answer.value ? `Sí${answer.detail ? ` — ${answer.detail}` : ''}` : 'No';
    }
    case 'multiple_choice':
      return (value as string[]).join(', ');
    case 'number':
      return `${String(value).replace('.', ',')}${question.unit ? ` ${question.unit}` : ''}`;
    case 'date':
      return formatCalendarDate(String(value));
    case 'medications':
    case 'allergies':
      return (value as ListAnswer<unknown>).none ? 'Ninguna' : null;
    default:
      return String(value);
  }
}

interface Props {
  request: QuestionnaireRequest;
  /** «Copiar a la historia» for each declared allergy or medication (the doctor's screens). */
  onCopy?: (questionId: string, index: number) => void;
  copying?: boolean;
  /**
   * The record's allergies and history: a declared item they name already is not offered to copy. Nothing is offered
   * until they are known (offering first and withdrawing once they arrive showed «Copiar» for what was recorded).
   */
  record?: { allergies: string; medicalHistory: string };
  /** Leave out the medications and allergies (the consultation shows them above, with what changed). */
  skipLists?: boolean;
}

/** The answers of a questionnaire, question by question; declared lists item by item. */
export function SubmittedAnswers({ request, onCopy, copying, record, skipLists = false }: Props) {
  return (
    <Stack gap="sm">
      {request.sections.map((section) => (
        <Stack key={section.id} gap={4}>
          <Text fw={600}>{section.title}</Text>
          {section.questions
            .filter((question) => !skipLists || (question.kind !== 'medications' && question.kind !== 'allergies'))
            .map((question) => {
              const value = request.answers[question.id];
              const items =
                (question.kind === 'medications' || question.kind === 'allergies') && value
                  ? (value as ListAnswer<Record<string, string>>).items
                  : [];
              return (
                <Stack key={question.id} gap={2}>
                  <Text size="sm" c="dimmed">
                    {question.label}
                  </Text>
                  {items.length > 0 ? (
                    <List size="sm" spacing={4}>
                      {items.map((item, index) => {
                        const text = question.kind === 'allergies' ? item.substance : item.name;
                        const copied =
                          request.copied.includes(`${question.id}:${index}`) ||
                          (record !== undefined &&
                            recordNames(
                              question.kind === 'allergies' ? record.allergies : record.medicalHistory,
                              text ?? '',
                            ));
                        const detail = question.kind === 'allergies' ? item.reaction : item.dose;
                        return (
                          <List.Item key={index}>
                            <Group gap="xs">
                              <Text size="sm">{[text, detail].filter(Boolean).join(' — ')}</Text>
                              {copied && (
                                <Badge color="teal" variant="light">
                                  En la historia
                                </Badge>
                              )}
                              {!copied && onCopy && record && request.status === 'enviado' && (
                                <Button
                                  size="compact-xs"
                                  variant="light"
                                  loading={copying}
                                  onClick={() => onCopy(question.id, index)}
                                >
                                  Copiar a la historia
                                  {question.kind === 'allergies' ? ` (alergia: ${text})` : ` (medicación: ${text})`}
                                </Button>
                              )}
                            </Group>
                          </List.Item>
                        );
                      })}
                    </List>
                  ) : (
                    <Text size="sm">{answerText(question, value) ?? 'Sin responder'}</Text>
                  )}
                </Stack>
              );
            })}
        </Stack>
      ))}
    </Stack>
  );
}
