import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MessageSide } from '../../common/schemas/messages';
import { clock } from '../platform/clock';
import { minus, plus } from '../platform/dates';
import { conversations, messages } from '../platform/db/schema';
import { createAccountWithProfile } from '../identity/auth/accounts';
import type { Repositories } from '../repositories';
import type { Tx } from '../platform/db/transaction';

/** Demo patients who write to the clinic besides the demo paciente (their accounts share the demo password). */
const WRITERS = [
  { email: 'lucia.ferrer@clinica.demo', firstName: 'Lucía', lastName: 'Ferrer Gil' },
  { email: 'andres.navarro@clinica.demo', firstName: 'Andrés', lastName: 'Navarro Ruiz' },
  { email: 'carmen.ortega@clinica.demo', firstName: 'Carmen', lastName: 'Ortega Sanz' },
];

type Line = [side: MessageSide, minutesAgo: number, body: string, read: boolean];

const THREADS: Line[][] = [
  [
    ['patient', 60 * 26, 'Buenos días. ¿Puedo tomar ibuprofeno antes de la revisión del jueves?', true],
    ['staff', 60 * 25, 'Buenos días, Javier. Sí, puede tomarlo; coméntelo a la doctora en la consulta.', true],
    ['patient', 40, '¿Tengo que llevar los análisis impresos o ya los tienen ustedes?', false],
  ],
  [
    ['patient', 90, 'Hola, necesito un justificante de la cita de ayer para el trabajo.', false],
    ['patient', 85, 'Si puede ser, en PDF por correo. Gracias.', false],
  ],
  [
    ['patient', 60 * 50, '¿Hacen fisioterapia los sábados por la mañana?', true],
    ['staff', 60 * 49, 'Hola, Andrés. Los sábados abrimos de 9:00 a 13:00; puede pedir cita en la web.', false],
  ],
  [['patient', 15, 'Me ha salido una reacción en la piel tras la crema que me recetaron. ¿Qué hago?', false]],
];

/** Conversations of the demo: some unread by staff, some assigned, one reply the patient has not read yet. */
export async function seedMessages(tx: Tx, repos: Repositories, password: string) {
  const demo = (await repos.auth.findAccountByEmail('paciente@clinica.demo', tx))!;
  const admin = (await repos.auth.findAccountByEmail('admin@clinica.demo', tx))!;
  const patientIds = [(await repos.patients.findByAccount(demo.id, tx))!.id];
  const accountIds = [demo.id];
  for (const writer of WRITERS) {
    const { account } = await createAccountWithProfile(tx, repos.auth, {
      email: writer.email,
      displayName: `${writer.firstName} ${writer.lastName}`,
      role: 'paciente',
      password,
    });
    const record = await repos.patients.create(
      { accountId: account.id, firstName: writer.firstName, lastName: writer.lastName, email: writer.email, phone: '' },
      tx,
    );
    await repos.recordLinks.setEmailVerified(account.id, clock.now(), tx);
    patientIds.push(record.id);
    accountIds.push(account.id);
  }
  const now = clock.nowMs();
  for (const [index, thread] of THREADS.entries()) {
    const conversationId = await repos.messages.ensureForPatient(patientIds[index]!, tx);
    for (const [side, minutesAgo, body, read] of thread) {
      const createdAt = minus(now, { minutes: minutesAgo });
      await tx.insert(messages).values({
        id: randomUUID(),
        conversationId,
        authorId: side === 'staff' ? admin.id : accountIds[index]!,
        side,
        body,
        createdAt,
        readAt: read ? plus(createdAt, { minutes: 10 }) : null,
        // An old unread reply was e-mailed already: the job does not send it again at start.
        notifiedAt: side === 'staff' && !read ? plus(createdAt, { minutes: 15 }) : null,
      });
      await tx.update(conversations).set({ lastMessageAt: createdAt }).where(eq(conversations.id, conversationId));
    }
    // The first two are taken by the front desk.
    if (index < 2) await repos.messages.assign(conversationId, admin.id, tx);
  }
}
