import { issueSettlement, setSettlementRule } from '../../billing/settlements/use-cases';
import type { TestApp } from '../app';

/** Doctors' settlements: doctor A on 40 % of what she invoices, and her November 2029 settled (empty). */
export interface SettlementsWorld {
  /** Doctor A's settlement of November 2029. */
  issued: string;
}

export async function buildSettlementsWorld(
  t: TestApp,
  ids: { adminId: string; doctorA: string },
): Promise<SettlementsWorld> {
  const who = { actor: { id: ids.adminId, role: 'admin' as const }, ip: '127.0.0.1' };
  await setSettlementRule(
    t.deps,
    ids.doctorA,
    { basis: 'facturado', percentBp: 4000, insurerPercentBp: null, services: [] },
    who,
  );
  return { issued: await issueSettlement(t.deps, ids.doctorA, '2029-11', who) };
}
