import { Checkbox, NumberInput, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { ListAnswer, YesNoAnswer } from '../../../../common/questionnaire-answers';
import type { Question } from '../../../../common/schemas/questionnaires';
import { ListAnswerField } from './list-answer';

interface Props {
  question: Question;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Text fields save when left (blur), the rest as they change. */
  onBlur: () => void;
  error?: string;
}

/** One question, drawn by its kind; its label says whether it is required. */
export function AnswerField({ question, value, onChange, onBlur, error }: Props) {
  const label = `${question.label}${question.required ? '' : ' (opcional)'}`;
  const common = { label, description: question.help || undefined, error, required: question.required, onBlur };
  switch (question.kind) {
    case 'short_text':
      return (
        <TextInput {...common} value={(value as string) ?? ''} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'long_text':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          value={(value as string) ?? ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'date':
      return (
        <TextInput
          {...common}
          type="date"
          value={(value as string) ?? ''}
          onChange={(e) => onChange(e.currentTarget.value || null)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          decimalSeparator=","
          rightSection={question.unit ? <Text size="sm">{question.unit}</Text> : undefined}
          rightSectionWidth={question.unit ? Math.max(40, question.unit.length * 9) : undefined}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : null)}
        />
      );
    case 'single_choice':
      return (
        <Radio.Group {...common} value={(value as string) ?? null} onChange={onChange}>
          <Stack gap="xs" mt="xs">
            {question.options.map((option) => (
              <Radio key={option} value={option} label={option} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'multiple_choice':
      return (
        <Checkbox.Group {...common} value={(value as string[]) ?? []} onChange={onChange}>
          <Stack gap="xs" mt="xs">
            {question.options.map((option) => (
              <Checkbox key={option} value={option} label={option} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'yes_no': {
      const answer = value as YesNoAnswer | undefined;
      return (
        <Stack gap="xs">
          <Radio.Group
            {...common}
            value={answer ? (answer.value ? 'si' : 'no') : null}
            onChange={(next) => onChange({ value: next === 'si', detail: answer?.detail ?? '' })}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="si" label="Sí" />
              <Radio value="no" label="No" />
            </Stack>
          </Radio.Group>
          {answer?.value && question.followUp && (
            <TextInput
              label={question.followUp}
              value={answer.detail}
              onBlur={onBlur}
              onChange={(e) => onChange({ value: true, detail: e.currentTarget.value })}
            />
          )}
        </Stack>
      );
    }
    case 'medications':
    case 'allergies':
      return (
        <Stack gap={4}>
          <Text fw={500} size="sm">
            {label}
          </Text>
          <ListAnswerField
            kind={question.kind}
            label={question.label}
            value={value as ListAnswer<Record<string, string>> | undefined}
            onChange={onChange}
            error={error}
          />
        </Stack>
      );
  }
}
