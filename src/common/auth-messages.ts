/**
 * The fixed texts of signing in, up and out (SPEC §4). A module of their own: the app's entry shows them
 * (`lib/auth/use-auth.ts`), and importing them from `messages.ts` would put the whole error catalogue
 * into every page's first load.
 */
export const AUTH_MESSAGES = {
  signInUserNotFound: 'Usuario no encontrado',
  signInWrongPassword: 'Contraseña incorrecta',
  signInFailed: 'Error al iniciar sesión. Intenta de nuevo más tarde.',
  profileLoadFailed: 'No se pudieron cargar los datos del usuario',
  signUpEmailInUse: 'El correo electrónico ya está en uso',
  signUpFailed: 'Error al registrar el usuario. Intenta de nuevo.',
  signOutFailed: 'Error al cerrar sesión',
  resetUserNotFound: 'No hay ninguna cuenta asociada a este correo electrónico',
  resetFailed: 'Error al enviar el correo de restablecimiento',
  profileNoUser: 'No hay usuario autenticado',
  profileUpdateFailed: 'Error al actualizar el perfil',
} as const;
