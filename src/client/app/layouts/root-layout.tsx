import { useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { RouteErrorBoundary } from '../route-error';

/** After following a link the new screen starts at its top; back and forward keep the browser's position. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}

/** The root of every screen: a screen that fails to load or render shows the error page, not a blank one. */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <ScrollToTop />
      {/* A new address gets a fresh boundary: leaving a broken screen leaves its error behind. */}
      <RouteErrorBoundary key={pathname}>
        <Outlet />
      </RouteErrorBoundary>
    </>
  );
}
