import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { useMyQuestionnaire } from '../../../features/questionnaires/api/get-my-questionnaire';
import { saveMyQuestionnaireDraft } from '../../../features/questionnaires/api/save-my-questionnaire-draft';
import { submitMyQuestionnaire } from '../../../features/questionnaires/api/submit-my-questionnaire';
import { QuestionnairePageBody } from '../../../features/questionnaires/components/questionnaire-page-body';

/** One of her questionnaires, in her area: the same form as the e-mail's link. */
export default function MyQuestionnairePage({ id }: { id: string }) {
  const { data, error, isPending, refetch } = useMyQuestionnaire(id);
  return (
    <>
      <PageTitle>{data?.title ?? 'Cuestionario'}</PageTitle>
      {isPending ? (
        <LoadingBlock label="Cargando el cuestionario" />
      ) : error ? (
        <LoadErrorAlert title="No se ha podido cargar el cuestionario" error={error} onRetry={() => void refetch()} />
      ) : (
        <QuestionnairePageBody
          request={data}
          save={(answers) => saveMyQuestionnaireDraft(id, answers)}
          submit={(answers) => submitMyQuestionnaire(id, answers)}
        />
      )}
    </>
  );
}
