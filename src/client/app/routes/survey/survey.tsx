import { Alert, Button, Container, Paper, Rating, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { useAnswerSurvey } from '../../../features/surveys/api/answer-survey';
import { useSurvey } from '../../../features/surveys/api/get-survey';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE);

/** /encuesta/:token, the after-visit survey: a score from 1 to 5 and an optional comment, answered once. */
export default function SurveyPage() {
  const { token = '' } = useParams();
  const survey = useSurvey(token);
  const answer = useAnswerSurvey(token);
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');

  return (
    <Container size="sm" py="xl">
      <PageTitle>¿Qué tal tu visita?</PageTitle>
      {survey.isPending && <LoadingBlock label="Cargando la encuesta" />}
      {survey.error && (
        <Alert color="orange" title="Encuesta no disponible" role="alert">
          {errorText(survey.error)}
        </Alert>
      )}
      {survey.data && (
        <Paper withBorder p="lg" radius="md">
          {survey.data.answered ? (
            <Stack>
              <Alert color="teal" title="¡Gracias por tu respuesta!">
                Nos ayuda a mejorar.
              </Alert>
              {survey.data.reviewUrl && (
                <>
                  <Text>
                    ¿Quieres contar tu experiencia a otros pacientes? Puedes dejar una reseña pública en Google.
                  </Text>
                  <Button
                    component="a"
                    href={survey.data.reviewUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="light"
                  >
                    Dejar una reseña en Google
                  </Button>
                </>
              )}
            </Stack>
          ) : (
            <Stack>
              <Text>
                {survey.data.clinicName} · {survey.data.visitDate} · {survey.data.doctorName}
              </Text>
              <Text fw={600} id="survey-score">
                Puntúa tu visita del 1 al 5
              </Text>
              <Rating value={score} onChange={setScore} size="xl" aria-labelledby="survey-score" />
              <Textarea
                label="¿Quieres contarnos algo? (opcional)"
                value={comment}
                maxLength={1000}
                onChange={(event) => setComment(event.currentTarget.value)}
              />
              {answer.error && (
                <Alert color="red" role="alert">
                  {errorText(answer.error)}
                </Alert>
              )}
              <Button
                disabled={score === 0}
                loading={answer.isPending}
                onClick={() => answer.mutate({ token, score, comment })}
              >
                Enviar
              </Button>
            </Stack>
          )}
        </Paper>
      )}
    </Container>
  );
}
