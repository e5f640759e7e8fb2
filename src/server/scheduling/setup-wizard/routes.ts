import type { RoutePlugin } from '../route-deps';
import { api } from '../../../common/api-paths';
import {
  setupStepInputSchema,
  setupStepParamsSchema,
  setupWizardViewSchema,
  starterCatalogueInputSchema,
  starterCatalogueResultSchema,
} from '../../../common/schemas/setup';
import { auditContext } from '../../platform';
import { createStarterCatalogue } from './catalogue';
import { dismissSetupWizard, finishSetupWizard, markSetupStep, readSetupWizard } from './use-cases';

/**
 * The set-up wizard of a new clinic (issue 37, item 2): its progress, kept on the server so the admin may leave and
 * come back, and the starter catalogue. Its other steps call the settings' own endpoints.
 */
export const setupWizardRoutes: RoutePlugin = async (app, deps) => {
  const admin = { access: 'manage:settings' } as const;
  const view = { response: { 200: setupWizardViewSchema } };

  app.get(api.setupWizard, { config: admin, schema: view }, () => readSetupWizard(deps));

  app.put(
    api.setupWizardStep(':step'),
    { config: admin, schema: { params: setupStepParamsSchema, body: setupStepInputSchema, ...view } },
    async (request) => {
      await markSetupStep(deps, request.params.step, request.body.state);
      return readSetupWizard(deps);
    },
  );

  app.post(api.setupWizardFinish, { config: admin, schema: view }, async () => {
    await finishSetupWizard(deps);
    return readSetupWizard(deps);
  });

  app.post(api.setupWizardDismiss, { config: admin, schema: view }, async () => {
    await dismissSetupWizard(deps);
    return readSetupWizard(deps);
  });

  app.post(
    api.setupWizardCatalogue,
    {
      config: { access: 'manage:services' },
      schema: { body: starterCatalogueInputSchema, response: { 200: starterCatalogueResultSchema } },
    },
    (request) => createStarterCatalogue(deps, request.body, auditContext(request)),
  );
};
