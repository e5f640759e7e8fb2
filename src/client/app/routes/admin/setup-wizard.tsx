import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../../common/paths';
import { SETUP_STEPS, type SetupStep, type SetupStepState } from '../../../../common/schemas/setup';
import { useFinishSetupWizard, useMarkSetupStep, useSetupWizard } from '../../../api/setup-wizard';
import { errorMessageOf } from '../../../components/form-error';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { SetupSummary } from '../../../features/setup-wizard/components/setup-summary';
import {
  WIZARD_POSITIONS,
  WizardFrame,
  type WizardPosition,
} from '../../../features/setup-wizard/components/wizard-frame';
import { SetupWizardStep } from '../../setup-wizard-steps';

const isPosition = (value: string | null): value is WizardPosition =>
  (WIZARD_POSITIONS as readonly string[]).includes(value ?? '');

/** The set-up wizard (issue 37, item 2): the step in the address (`?paso=`), its progress on the server. */
export default function SetupWizardPage() {
  const wizard = useSetupWizard();
  const mark = useMarkSetupStep();
  const finish = useFinishSetupWizard();
  const [params, setParams] = useSearchParams();
  const asked = params.get('paso');
  const view = wizard.data;
  // Without a step in the address: the first one neither done nor skipped, or the end.
  const position: WizardPosition = isPosition(asked)
    ? asked
    : (SETUP_STEPS.find((step) => !view?.steps[step]) ?? 'fin');
  const go = (next: WizardPosition) => {
    setParams({ paso: next });
    window.scrollTo({ top: 0 });
  };

  // Reaching the end finishes the wizard: the dashboard no longer offers it.
  const atEnd = position === 'fin' && view !== undefined && !view.finished;
  const { mutate: finishNow } = finish;
  useEffect(() => {
    if (atEnd) finishNow();
  }, [atEnd, finishNow]);

  const settle = (step: SetupStep, state: SetupStepState) =>
    mark.mutate(
      { step, state },
      {
        onSuccess: () => go(WIZARD_POSITIONS[WIZARD_POSITIONS.indexOf(step) + 1]!),
        onError: (error) =>
          notifications.show({ color: 'red', title: 'No se ha podido guardar', message: errorMessageOf(error) }),
      },
    );

  return (
    <>
      <PageTitle>Asistente de configuración</PageTitle>
      <Text size="sm" c="dimmed" mb="lg" maw={760}>
        Cada paso se puede saltar y hacer más tarde en la{' '}
        <Anchor component={Link} to={paths.admin.settings} inherit>
          configuración
        </Anchor>
        . Lo que guardes queda hecho aunque salgas: al volver, el asistente sigue donde lo dejaste.
      </Text>
      {wizard.isPending && <LoadingBlock label="Cargando el asistente" />}
      {wizard.isError && !view && (
        <LoadErrorAlert
          title="No se ha podido cargar el asistente"
          error={wizard.error}
          onRetry={() => void wizard.refetch()}
        />
      )}
      {view && (
        <WizardFrame view={view} position={position} onSelect={go}>
          {position === 'fin' ? (
            <SetupSummary view={view} />
          ) : (
            <SetupWizardStep
              key={position}
              step={position}
              view={view}
              busy={mark.isPending}
              onDone={() => settle(position, 'hecho')}
              onSkip={() => settle(position, 'saltado')}
            />
          )}
        </WizardFrame>
      )}
    </>
  );
}
