import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { GoLivePanel } from '../../../features/go-live/components/go-live-panel';
import { paths } from '../../../../common/paths';

export default function GoLivePage() {
  return (
    <>
      <Anchor component={Link} to={paths.admin.settings} size="sm">
        ← Configuración
      </Anchor>
      <PageTitle>Puesta en marcha</PageTitle>
      <GoLivePanel />
    </>
  );
}
