import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { paths } from '../../common/paths';
import { FullScreenLoader } from '../components/full-screen-loader';
import { RequireRole } from '../lib/auth/require-role';
import { RootLayout } from './layouts/root-layout';

/*
 * Declarative routes (`useRoutes` under `BrowserRouter`) rather than the data router: the app loads no
 * data through routes, and the data router's code was ~10 kB of every first load (docs/performance-history.md).
 * Each screen and layout is a `React.lazy` component inside a Suspense boundary of its own, so the boundary
 * is new when the route changes and shows `Cargando...` (SPEC §1) even though navigations are transitions.
 */
function onDemand(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'element'> {
  const Screen = lazy(load);
  return {
    element: (
      <Suspense fallback={<FullScreenLoader />}>
        <Screen />
      </Suspense>
    ),
  };
}

/** A screen loaded on demand: its module's default export is the screen. */
const screen = onDemand;

/** A layout loaded on demand; the screen inside it loads in its own boundary. */
const layout = (load: () => Promise<ComponentType>) =>
  onDemand(() => load().then((Component) => ({ default: Component })));

const publicLayout = () => layout(() => import('./layouts/public-layout').then((module) => module.PublicLayout));
const areaLayout = (area: 'admin' | 'doctor' | 'paciente') =>
  layout(() =>
    import('./layouts/area-layout').then((module) => {
      const { AreaLayout } = module;
      return function Area() {
        return <AreaLayout area={area} />;
      };
    }),
  );

const relative = (path: string, area: string) => path.slice(area.length + 1);

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        ...publicLayout(),
        children: [
          { index: true, ...screen(() => import('./routes/public/landing')) },
          { path: paths.booking, ...screen(() => import('./routes/public/booking')) },
          { path: '/cita/:token', ...screen(() => import('./routes/public/manage-booking')) },
          { path: paths.waitingOffer(':token'), ...screen(() => import('./routes/public/waiting-offer')) },
          { path: paths.questionnaireLink(':token'), ...screen(() => import('./routes/questionnaire/link')) },
          { path: paths.consentSigning(':token'), ...screen(() => import('./routes/consent/consent-signing')) },
          { path: paths.survey(':token'), ...screen(() => import('./routes/survey/survey')) },
          { path: paths.quoteSigning(':token'), ...screen(() => import('./routes/quote/quote-signing')) },
          { path: paths.payLink(':token'), ...screen(() => import('./routes/public/pay-link')) },
          { path: paths.onlinePayment(':id'), ...screen(() => import('./routes/public/online-payment-result')) },
          { path: paths.terms, ...screen(() => import('./routes/public/terms')) },
          { path: paths.privacy, ...screen(() => import('./routes/public/privacy')) },
          { path: paths.about, ...screen(() => import('./routes/public/about')) },
          { path: paths.initialSetup, ...screen(() => import('./routes/auth/initial-setup')) },
          { path: paths.unauthorized, ...screen(() => import('./routes/public/unauthorized')) },
          { path: paths.auth.login, ...screen(() => import('./routes/auth/login')) },
          { path: paths.auth.register, ...screen(() => import('./routes/auth/register')) },
          { path: paths.auth.resetPassword, ...screen(() => import('./routes/auth/reset-password')) },
          { path: paths.auth.newPassword, ...screen(() => import('./routes/auth/new-password')) },
          { path: paths.auth.confirmEmail, ...screen(() => import('./routes/auth/confirm-email')) },
          { path: '*', ...screen(() => import('./routes/public/not-found')) },
        ],
      },
      {
        path: paths.admin.root,
        element: <RequireRole roles={['admin']} redirectTo={paths.home} />,
        children: [
          {
            ...areaLayout('admin'),
            children: [
              { index: true, element: <Navigate to={paths.admin.dashboard} replace /> },
              { path: 'dashboard', ...screen(() => import('./routes/admin/dashboard')) },
              { path: 'pacientes', ...screen(() => import('./routes/admin/patients')) },
              { path: 'pacientes/nuevo', ...screen(() => import('./routes/admin/new-patient')) },
              { path: 'pacientes/:id', ...screen(() => import('./routes/admin/patient')) },
              { path: 'doctores', ...screen(() => import('./routes/admin/doctors')) },
              { path: 'citas', ...screen(() => import('./routes/admin/appointments')) },
              { path: 'citas-hoy', ...screen(() => import('./routes/admin/today')) },
              { path: 'citas/nueva', ...screen(() => import('./routes/admin/new-appointment')) },
              { path: 'tareas', ...screen(() => import('./routes/admin/tasks')) },
              { path: 'calendario', ...screen(() => import('./routes/admin/calendar')) },
              { path: 'archivos', ...screen(() => import('./routes/admin/files')) },
              { path: 'archivos/:type', ...screen(() => import('./routes/admin/files')) },
              { path: 'configuracion', ...screen(() => import('./routes/admin/settings')) },
              {
                path: relative(paths.admin.goLive, paths.admin.root),
                ...screen(() => import('./routes/admin/go-live')),
              },
              {
                path: relative(paths.admin.importPatients, paths.admin.root),
                ...screen(() => import('./routes/admin/import-patients')),
              },
              {
                path: relative(paths.admin.setupWizard, paths.admin.root),
                ...screen(() => import('./routes/admin/setup-wizard')),
              },
              { path: 'mensajes', ...screen(() => import('./routes/admin/messages')) },
              { path: 'usuarios', ...screen(() => import('./routes/admin/users')) },
              { path: 'usuarios/editar/:id', ...screen(() => import('./routes/admin/edit-user')) },
              { path: 'auditoria', ...screen(() => import('./routes/admin/audit')) },
              {
                path: relative(paths.admin.profile, paths.admin.root),
                ...screen(() => import('./routes/admin/profile')),
              },
              {
                path: relative(paths.admin.services, paths.admin.root),
                ...screen(() => import('./routes/admin/services')),
              },
              {
                path: relative(paths.admin.insurers, paths.admin.root),
                ...screen(() => import('./routes/admin/insurers')),
              },
              {
                path: relative(paths.admin.packs, paths.admin.root),
                ...screen(() => import('./routes/admin/packs')),
              },
              {
                path: relative(paths.admin.consents, paths.admin.root),
                ...screen(() => import('./routes/admin/consents')),
              },
              {
                path: relative(paths.admin.questionnaires, paths.admin.root),
                ...screen(() => import('./routes/admin/questionnaires')),
              },
              {
                path: relative(paths.admin.opinions, paths.admin.root),
                ...screen(() => import('./routes/admin/opinions')),
              },
              {
                path: relative(paths.admin.billing, paths.admin.root),
                ...screen(() => import('./routes/admin/billing')),
              },
              {
                path: relative(paths.admin.waitingList, paths.admin.root),
                ...screen(() => import('./routes/admin/waiting-list')),
              },
              { path: '*', ...screen(() => import('./routes/public/not-found')) },
            ],
          },
        ],
      },
      {
        path: paths.doctor.root,
        element: <RequireRole roles={['doctor']} redirectTo={paths.home} />,
        children: [
          {
            ...areaLayout('doctor'),
            children: [
              { index: true, ...screen(() => import('./routes/doctor/dashboard')) },
              {
                path: relative(paths.doctor.dashboard, paths.doctor.root),
                ...screen(() => import('./routes/doctor/dashboard')),
              },
              { path: 'citas', ...screen(() => import('./routes/doctor/appointments')) },
              { path: 'citas/:id', ...screen(() => import('./routes/doctor/appointment')) },
              { path: 'pacientes', ...screen(() => import('./routes/doctor/patients')) },
              { path: 'pacientes/:id', ...screen(() => import('./routes/doctor/patient')) },
              { path: 'recetas', ...screen(() => import('./routes/doctor/prescriptions')) },
              { path: 'perfil', ...screen(() => import('./routes/doctor/profile')) },
              {
                path: relative(paths.doctor.production, paths.doctor.root),
                ...screen(() => import('./routes/doctor/production')),
              },
              {
                path: relative(paths.doctor.opinions, paths.doctor.root),
                ...screen(() => import('./routes/doctor/opinions')),
              },
              { path: '*', ...screen(() => import('./routes/public/not-found')) },
            ],
          },
        ],
      },
      {
        path: paths.patient.root,
        element: <RequireRole roles={['paciente']} redirectTo={paths.home} />,
        children: [
          {
            ...areaLayout('paciente'),
            children: [
              { index: true, element: <Navigate to={paths.patient.dashboard} replace /> },
              { path: 'dashboard', ...screen(() => import('./routes/paciente/dashboard')) },
              { path: 'citas', ...screen(() => import('./routes/paciente/appointments')) },
              {
                path: relative(paths.patient.newAppointment, paths.patient.root),
                ...screen(() => import('./routes/paciente/new-appointment')),
              },
              { path: 'tratamientos', ...screen(() => import('./routes/paciente/treatments')) },
              { path: 'mensajes', ...screen(() => import('./routes/paciente/messages')) },
              {
                path: relative(paths.patient.invoices, paths.patient.root),
                ...screen(() => import('./routes/paciente/invoices')),
              },
              {
                // The list, and one questionnaire (`:id`): one screen, one chunk.
                path: `${relative(paths.patient.questionnaires, paths.patient.root)}/:id?`,
                ...screen(() => import('./routes/paciente/questionnaires')),
              },
              { path: 'perfil', ...screen(() => import('./routes/paciente/profile')) },
              { path: '*', ...screen(() => import('./routes/public/not-found')) },
            ],
          },
        ],
      },
    ],
  },
];

/** The app's screens for the current address. */
export function AppRoutes() {
  return useRoutes(routes);
}
