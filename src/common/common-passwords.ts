/**
 * Passwords that appear at the top of every leaked-password ranking, plus Spanish favourites and
 * obvious choices for a clinic. Compared in lower case. Kept short on purpose: it ships to the
 * browser, and it is a first line; the slow hash and the sign-in throttle do the rest.
 */
const LIST = `
12345678 123456789 1234567890 0123456789 11111111 00000000 88888888 12341234 87654321 11223344
123123123 12344321 98765432 147258369 159753456 123qweasd 1q2w3e4r 1q2w3e4r5t qwertyuiop qwerty123
qwertyui asdfghjk asdfasdf zxcvbnm1 1qaz2wsx qazwsxedc password password1 password123 passw0rd
p@ssw0rd p@ssword contraseña contrasena contraseña1 contrasena1 contraseña123 contrasena123
iloveyou teamo123 tequiero tequiero1 teamomucho princesa princesa1 mariposa mariposa1 superman
batman123 football baseball basketball sunshine sunshine1 welcome1 welcome123 bienvenido
bienvenida admin123 administrador administrator letmein1 trustno1 dragon123 monkey123 master123
abc12345 abcd1234 abcdefgh aaaaaaaa qwer1234 asdf1234 zaq12wsx starwars pokemon1 minecraft
barcelona madrid123 realmadrid valencia sevilla1 atletico espana123 españa123 clinica1 clinica123
clinica2024 clinica2025 clinica2026 medico123 doctor123 paciente paciente1 hospital salud123
verano2024 verano2025 verano2026 invierno1 primavera 1234abcd 12345678a a12345678 123456789a
changeme cambiame cambiar1 secreto1 secreto123 micontraseña
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
