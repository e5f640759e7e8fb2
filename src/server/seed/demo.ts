import type { FastifyInstance } from 'fastify';
import type { Role } from '../../common/roles';
import { createAccountWithProfile } from '../modules/auth/accounts';

export const DEMO_PASSWORD = 'clinica-demo';

export const DEMO_ACCOUNTS: { email: string; displayName: string; role: Role; phone?: string }[] = [
  { email: 'admin@clinica.demo', displayName: 'Marta Sánchez Ruiz', role: 'admin', phone: '+34 910 000 001' },
  { email: 'doctora@clinica.demo', displayName: 'Dra. Lucía Fernández Gómez', role: 'doctor', phone: '+34 910 000 002' },
  { email: 'paciente@clinica.demo', displayName: 'Javier Moreno López', role: 'paciente', phone: '+34 600 123 456' },
];

/** Loads the demo clinic into an empty database. Answers whether it did. */
export async function seedDemoIfEmpty(app: FastifyInstance): Promise<boolean> {
  const repo = app.repos.auth;
  if (await repo.findAccountByEmail(DEMO_ACCOUNTS[0]!.email)) return false;
  if (await app.repos.auth.hasAnyAccount()) return false;

  await app.repos.clinic.updateSettings({
    name: 'Clínica Salud Arganzuela',
    address: 'Paseo de la Chopera 41, 28045 Madrid',
    phone: '+34 910 000 000',
    email: 'citas@clinica.demo',
    whatsapp: '+34 600 000 000',
    openingHours: [
      { days: 'Lunes a jueves', hours: '09:00–14:00 y 16:00–20:00' },
      { days: 'Viernes', hours: '09:00–15:00' },
    ],
  });
  for (const account of DEMO_ACCOUNTS) {
    await createAccountWithProfile(app.database.db, repo, { ...account, password: DEMO_PASSWORD });
  }
  return true;
}
