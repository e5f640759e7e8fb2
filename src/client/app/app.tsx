import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useNotifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { EMBEDDED_ANSWER_KEY, type InitialState } from '../../common/initial-state';
import { getBookingOptionsQueryOptions } from '../features/booking/api/get-booking-options';
import { getPublicClinicQueryOptions, useClinic } from '../api/clinic';
import { sessionQueryOptions } from '../api/session';
import { ApiError } from '../lib/api-client';
import { SessionGate } from '../lib/auth/session-gate';
import { ClinicTimeZoneProvider, DEFAULT_CLINIC_TIME_ZONE } from '../lib/clinic-time-zone';
import { AppRoutes } from './router';
import { cssVariablesResolver, theme } from './theme';

// The toasts' container is fetched with the first toast: most visits never show one.
const Notifications = lazy(() => import('../components/toasts'));

function Toasts() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      {/* SPEC §1: toasts are 320px wide. */}
      <Notifications containerWidth={320} position="top-right" />
    </Suspense>
  );
}

/** The clinic's zone for every screen, from its public data (embedded in the page, so known at once). */
function ClinicTimeZone({ children }: { children: ReactNode }) {
  const { data: clinic } = useClinic();
  return (
    <ClinicTimeZoneProvider value={clinic?.timeZone ?? DEFAULT_CLINIC_TIME_ZONE}>{children}</ClinicTimeZoneProvider>
  );
}

function createQueryClient(initialState: InitialState | null) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A refused request (4xx) won't succeed by repeating it.
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
  // What the server embedded in the page (the session, the clinic's public data; on the booking page its
  // options): the first render shows it already. A link's answer waits for its screen's query to take it
  // (lib/embedded-answer.ts), so that code stays in the screens that use it.
  const { session, clinic, bookingOptions, linkAnswer } = initialState ?? {};
  if (session) queryClient.setQueryData(sessionQueryOptions().queryKey, session);
  if (clinic) queryClient.setQueryData(getPublicClinicQueryOptions().queryKey, clinic);
  if (bookingOptions) queryClient.setQueryData(getBookingOptionsQueryOptions().queryKey, bookingOptions);
  if (linkAnswer) queryClient.setQueryData(EMBEDDED_ANSWER_KEY, linkAnswer);
  return queryClient;
}

interface AppProps {
  /** What the server embedded in the page (the session, the clinic's public data), or null. */
  initialState: InitialState | null;
  /** The browser's router in the browser; a static one for the location being rendered on the server. */
  Router: ComponentType<{ children: ReactNode }>;
}

export function App({ initialState, Router }: AppProps) {
  const [queryClient] = useState(() => createQueryClient(initialState));
  return (
    // All theme variables are written here (no `default-css-variables.css` blocking the first paint).
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      deduplicateCssVariables={false}
    >
      <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
        <Toasts />
        <QueryClientProvider client={queryClient}>
          <SessionGate>
            <ClinicTimeZone>
              <Router>
                <AppRoutes />
              </Router>
            </ClinicTimeZone>
          </SessionGate>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
