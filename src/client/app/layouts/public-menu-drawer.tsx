import { Button, Drawer, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../common/paths';
import { AccountLinks } from './account-links';

interface PublicMenuDrawerProps {
  opened: boolean;
  title: string;
  onClose: () => void;
}

/** The public pages' menu on phones (its own chunk: fetched the first time the burger is pressed). */
export default function PublicMenuDrawer({ opened, title, onClose }: PublicMenuDrawerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} title={title} position="right" size="xs" hiddenFrom="sm">
      <Stack>
        <Button component={Link} to={paths.booking} onClick={onClose}>
          Pedir cita
        </Button>
        <AccountLinks vertical onNavigate={onClose} />
      </Stack>
    </Drawer>
  );
}
