import { PasswordInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** A registered field of the form with its message, if any. */
type Field = UseFormRegisterReturn & { error?: string };

/**
 * The new password and its repetition, as every form that sets one asks them (sign-up, the first admin, a reset, a
 * change): the rule under the first, both `new-password` for the browser's password manager.
 */
export function NewPasswordFields({
  password,
  confirm,
  labels = { password: 'Contraseña', confirm: 'Repite la contraseña' },
}: {
  password: Field;
  confirm: Field;
  labels?: { password: string; confirm: string };
}) {
  return (
    <>
      <PasswordInput
        label={labels.password}
        description="Al menos 8 caracteres; evita contraseñas fáciles de adivinar"
        autoComplete="new-password"
        required
        {...password}
      />
      <PasswordInput label={labels.confirm} autoComplete="new-password" required {...confirm} />
    </>
  );
}
