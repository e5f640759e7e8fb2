import { Checkbox, Input, NumberInput, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { ListAnswer, YesNoAnswer } from '../../../../common/questionnaire-answers';
import type { Question } from '../../../../common/schemas/questionnaires';
import { DateField } from '../../../components/date-field';
import { ListAnswerField } from './list-answer';

interface Props {
  question: Question;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Text fields save when left (blur), the rest as they change. */
  onBlur: () => void;
  error?: string;
}

/** One question, drawn by its kind; its label says whether it is required («*», as Mantine marks it, or «(opcional)»). */
export function AnswerField({ question, value, onChange, onBlur, error }: Props) {
  const label = `${question.label}${question.required ? '' : ' (opcional)'}`;
  const common = {
    label,
    description: question.help || undefined,
    error,
    required: question.required,
    withAsterisk: question.required,
    onBlur,
  };
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
      // Typed as dd/mm/aaaa (or picked in a Spanish calendar) whatever the browser's language: `type="date"` follows
      // the browser's locale and showed «mm/dd/yyyy» on an English one.
      return <DateField {...common} value={(value as string) ?? null} onChange={onChange} />;
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
          <Input.Label component="div" required={question.required} data-question-label>
            {label}
          </Input.Label>
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
