import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { FullScreenLoader } from '../../components/full-screen-loader';

/** The root of every screen: shows `Cargando...` while the next screen's code is being fetched. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' && <FullScreenLoader />}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
