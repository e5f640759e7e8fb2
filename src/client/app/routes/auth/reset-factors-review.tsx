import { Checkbox, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { authApi } from '../../../../common/paths';
import type { FactorRemovals } from '../../../../common/schemas/auth';
import type { ResetFactors } from '../../../../common/schemas/step-up';
import { apiFetch } from '../../../lib/api-client';
import { useClinicZone } from '../../../lib/clinic-time-zone';
import { formatMediumDate } from '../../../lib/dates';

const fetchResetFactors = (token: string) =>
  apiFetch<ResetFactors>(authApi.resetPasswordFactors, { method: 'POST', body: { token } });

/**
 * Before the new password, a reset link shows the account's passkeys and app with their dates (issue 33):
 * what she does not recognise she marks to remove. They go once the second step proves it is her.
 */
export function ResetFactorsReview({
  token,
  removals,
  onChange,
}: {
  token: string;
  removals: FactorRemovals;
  onChange: (next: FactorRemovals) => void;
}) {
  const timeZone = useClinicZone();
  const factors = useQuery({
    queryKey: ['reset-factors', token],
    queryFn: () => fetchResetFactors(token),
    retry: false,
  });
  const data = factors.data;
  if (!data || (data.passkeys.length === 0 && !data.totp)) return null;
  const day = (iso: string) => formatMediumDate(iso, timeZone);
  const togglePasskey = (id: string, checked: boolean) =>
    onChange({
      ...removals,
      passkeyIds: checked ? [...removals.passkeyIds, id] : removals.passkeyIds.filter((other) => other !== id),
    });

  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600} size="sm">
        Revisa cómo se entra en tu cuenta
      </Text>
      <Text size="sm" c="dimmed">
        Marca lo que no reconozcas para quitarlo. Se quitará cuando confirmes tu entrada con otro método.
      </Text>
      {data.passkeys.map((passkey) => (
        <Checkbox
          key={passkey.id}
          label={`Quitar la llave de acceso «${passkey.name}»`}
          description={`Añadida el ${day(passkey.createdAt)}; ${passkey.lastUsedAt ? `usada por última vez el ${day(passkey.lastUsedAt)}` : 'aún sin usar'}`}
          checked={removals.passkeyIds.includes(passkey.id)}
          onChange={(event) => togglePasskey(passkey.id, event.currentTarget.checked)}
        />
      ))}
      {data.totp && (
        <Checkbox
          label="Quitar la app de códigos"
          description={data.totp.confirmedAt ? `Configurada el ${day(data.totp.confirmedAt)}` : undefined}
          checked={removals.totp}
          onChange={(event) => onChange({ ...removals, totp: event.currentTarget.checked })}
        />
      )}
    </Stack>
  );
}
