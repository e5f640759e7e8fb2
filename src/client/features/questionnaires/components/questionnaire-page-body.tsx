import { Alert, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconClock } from '@tabler/icons-react';
import { useState } from 'react';
import type { Answers, QuestionnaireRequest } from '../../../../common/schemas/questionnaires';
import { formatLongDayAndTime } from '../../../lib/dates';
import { QuestionnaireForm } from './questionnaire-form';
import { SubmittedAnswers } from './submitted-answers';

const ZONE = 'Europe/Madrid';

interface Props {
  request: QuestionnaireRequest;
  save: (answers: Answers) => Promise<{ savedAt: string }>;
  submit: (answers: Answers) => Promise<QuestionnaireRequest>;
}

/** What the patient sees of one questionnaire: the form while it is open, her answers once sent or closed. */
export function QuestionnairePageBody({ request: loaded, save, submit }: Props) {
  const [request, setRequest] = useState(loaded);
  return (
    <Stack gap="md">
      <Text c="dimmed">
        Para tu cita del {formatLongDayAndTime(request.appointmentStartsAt, ZONE)}
        {request.doctorName ? ` con ${request.doctorName}` : ''}.
      </Text>
      {request.status === 'enviado' ? (
        <>
          <Alert
            color="teal"
            icon={<IconCircleCheck size={20} aria-hidden />}
            title="Cuestionario enviado"
            role="status"
          >
            Gracias: tu médico verá tus respuestas antes de la visita.
          </Alert>
          <SubmittedAnswers request={request} />
        </>
      ) : !request.open ? (
        <Alert color="gray" icon={<IconClock size={20} aria-hidden />} title="Plazo terminado">
          El plazo para rellenar este cuestionario terminó con la visita.
        </Alert>
      ) : (
        <QuestionnaireForm request={request} save={save} submit={submit} onSubmitted={setRequest} />
      )}
    </Stack>
  );
}
