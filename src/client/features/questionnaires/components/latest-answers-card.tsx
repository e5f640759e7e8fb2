import { Accordion, Badge, Group, Stack, Text } from '@mantine/core';
import type { DeclaredItem, LatestAnswers } from '../../../../common/schemas/consultation';
import { formatDateTime, formatLongDayAndTime } from '../../../lib/dates';
import { questionnaireStatus } from '../status';
import { DeclaredItems } from './declared-items';
import { SubmittedAnswers } from './submitted-answers';

interface Props {
  latest: LatestAnswers;
  /** The visit on screen: its own answers open unfolded, earlier ones folded. */
  appointmentId: string;
  timeZone: string;
  onCopy?: (requestId: string, item: DeclaredItem) => void;
  copying?: boolean;
}

/** What the card says of the answers it shows: when they were sent, against which, and this visit's own. */
function notes({ answers, previousSubmittedAt, thisVisit }: LatestAnswers, timeZone: string): string[] {
  const lines: string[] = [];
  if (answers.status !== 'enviado') {
    lines.push(
      answers.savedAt
        ? 'Aún no lo ha enviado: lo que ves es lo que lleva guardado.'
        : 'Aún no ha empezado a rellenarlo.',
    );
  } else if (previousSubmittedAt) {
    lines.push(`Comparado con sus respuestas del ${formatDateTime(previousSubmittedAt, timeZone)}.`);
  } else {
    lines.push('Es la primera vez que lo responde: no hay respuestas anteriores con las que comparar.');
  }
  if (thisVisit) {
    lines.push(
      thisVisit.savedAt
        ? 'El de esta cita lo ha empezado pero aún no lo ha enviado: ves sus últimas respuestas enviadas.'
        : 'El de esta cita aún no lo ha rellenado: ves sus últimas respuestas enviadas.',
    );
  }
  return lines;
}

/** One questionnaire at the consultation: its latest answers, what changed since the ones before, and the rest. */
export function LatestAnswersCard({ latest, appointmentId, timeZone, onCopy, copying }: Props) {
  const { answers } = latest;
  const forThisVisit = answers.appointmentId === appointmentId;
  const status = questionnaireStatus(answers);
  const sent = answers.status === 'enviado';
  return (
    <Stack gap="xs" component="article" aria-label={answers.title}>
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>{answers.title}</Text>
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {sent && answers.submittedAt
          ? `Enviado el ${formatDateTime(answers.submittedAt, timeZone)} · cita del ${formatLongDayAndTime(answers.appointmentStartsAt, timeZone)}`
          : `Cita del ${formatLongDayAndTime(answers.appointmentStartsAt, timeZone)}`}
      </Text>
      {notes(latest, timeZone).map((line) => (
        <Text key={line} size="sm" c="dimmed">
          {line}
        </Text>
      ))}
      {sent && (
        <DeclaredItems
          declared={latest.declared}
          removed={latest.removed}
          copying={copying}
          onCopy={onCopy && ((item) => onCopy(answers.id, item))}
        />
      )}
      {(sent || answers.savedAt) && (
        <Accordion variant="contained" chevronPosition="left" defaultValue={forThisVisit ? 'resto' : null}>
          <Accordion.Item value="resto">
            <Accordion.Control>{`Las demás respuestas de «${answers.title}»`}</Accordion.Control>
            <Accordion.Panel>
              <SubmittedAnswers request={answers} skipLists={sent} />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      )}
    </Stack>
  );
}
