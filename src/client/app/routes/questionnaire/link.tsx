import { Alert, Container } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { useQuestionnaireLink } from '../../../features/questionnaires/api/get-questionnaire-link';
import { saveQuestionnaireLinkDraft } from '../../../features/questionnaires/api/save-questionnaire-link-draft';
import { submitQuestionnaireLink } from '../../../features/questionnaires/api/submit-questionnaire-link';
import { QuestionnairePageBody } from '../../../features/questionnaires/components/questionnaire-page-body';

/**
 * A questionnaire answered from the link of the booking's e-mail (mobile first; saved as she goes). Not under
 * `routes/public/`: the entry keeps the dependency lists of public screens, and this one's (the form's Mantine inputs)
 * would ride in every public page's first load; it loads its chunks when opened.
 */
export default function QuestionnaireLinkPage() {
  const token = useParams().token ?? '';
  const { data, error, isPending } = useQuestionnaireLink(token);
  return (
    <Container size="sm" px="sm" py="md">
      <PageTitle>{data?.title ?? 'Cuestionario'}</PageTitle>
      {isPending ? (
        <LoadingBlock label="Cargando el cuestionario" />
      ) : error ? (
        <Alert
          color="red"
          icon={<IconLinkOff size={20} aria-hidden />}
          title="No se puede abrir el cuestionario"
          role="alert"
        >
          {error.message}
        </Alert>
      ) : (
        <QuestionnairePageBody
          request={data}
          save={(answers) => saveQuestionnaireLinkDraft(token, answers)}
          submit={(answers) => submitQuestionnaireLink(token, answers)}
        />
      )}
    </Container>
  );
}
