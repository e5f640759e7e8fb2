/**
 * Creates the first admin of an installation (or makes an existing account admin):
 *   npm run create-admin -- --email ana@clinica.es [--name "Ana Pérez"] [--password …]
 * Without --password it asks for one on a terminal, or generates one and prints it.
 */
import { randomBytes } from 'node:crypto';
import { transact } from '../platform/db/transaction';
import readline from 'node:readline/promises';
import '../../common/zod-es';
import { displayNameSchema, emailSchema, newPasswordSchema } from '../../common/schemas/auth';
import { ConfigError } from '../platform/config';
import { DirectoryLockedError } from '../platform/db/lock';
import { createAccountWithProfile } from '../identity/auth/accounts';
import { hashPassword } from '../identity/auth/passwords';
import { openForCli, parseFlags } from './open';

async function askPassword(): Promise<string | undefined> {
  if (!process.stdin.isTTY) return undefined;
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question('Contraseña (vacía para generar una): ');
  rl.close();
  return answer || undefined;
}

async function main() {
  const flags = parseFlags(process.argv.slice(2));
  const email = emailSchema.safeParse(flags.email);
  if (!email.success) {
    console.error('Uso: npm run create-admin -- --email correo@ejemplo.es [--name "Nombre"] [--password …]');
    process.exit(2);
  }
  const name = displayNameSchema.safeParse(typeof flags.name === 'string' ? flags.name : 'Administración');
  if (!name.success) throw new Error(name.error.issues[0]!.message);

  let password = typeof flags.password === 'string' ? flags.password : await askPassword();
  const generated = !password;
  password ??= randomBytes(12).toString('base64url');
  const checked = newPasswordSchema.safeParse(password);
  if (!checked.success) {
    console.error(checked.error.issues[0]!.message);
    process.exit(2);
  }

  const { database, repos } = await openForCli();
  try {
    const existing = await repos.auth.findAccountByEmail(email.data);
    if (existing) {
      const passwordHash = await hashPassword(password);
      await transact(database.db, async (tx) => {
        await repos.auth.updateAccount(existing.id, { passwordHash, active: true }, tx);
        if (await repos.auth.findProfile(existing.id, tx))
          await repos.auth.mergeProfile(existing.id, { role: 'admin' }, tx);
        else
          await repos.auth.createProfile(
            {
              id: existing.id,
              email: existing.email,
              role: 'admin',
              displayName: existing.displayName || name.data,
              photoUrl: existing.photoUrl,
            },
            tx,
          );
      });
      console.log(`La cuenta ${email.data} ya existía: ahora es administradora y tiene la contraseña indicada.`);
    } else {
      await createAccountWithProfile(database.db, repos.auth, {
        email: email.data,
        password,
        displayName: name.data,
        role: 'admin',
      });
      console.log(`Cuenta de administración creada: ${email.data}`);
    }
    if (generated) console.log(`Contraseña generada: ${password}\nGuárdala en un lugar seguro y cámbiala al entrar.`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DirectoryLockedError) console.error(error.message);
  else console.error('No se pudo crear la cuenta de administración:', error instanceof Error ? error.message : error);
  process.exit(1);
});
