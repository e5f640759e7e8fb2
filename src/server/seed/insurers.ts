import type { InsurerValues } from '../../common/schemas/insurers';
import { clock } from '../platform/clock';
import { addDays, dateInZone } from '../platform/dates';
import type { Tx } from '../platform/db/transaction';
import type { Repositories } from '../repositories';

interface DemoInsurer extends InsurerValues {
  /** What it pays of each service's private price, in per cent; the services it does not cover by name. */
  paysPercent: number;
  notCovered: string[];
}

/**
 * «Aseguradoras» of the demo: two insurers the clinic has agreements with, with CIF, copay and tariffs (the CIFs are
 * valid in form, not the companies' own). The other names the demo's patients carry (Asisa, DKV…) become insurers
 * without CIF, as migration 0046 makes of an install's free text.
 */
const DEMO_INSURERS: DemoInsurer[] = [
  {
    name: 'Sanitas',
    taxId: 'A28037042',
    address: 'Calle de Ribera del Loira 52, 28042 Madrid',
    requiresAuthorization: true,
    copayCents: 300,
    active: true,
    paysPercent: 55,
    notCovered: ['Certificado médico', 'Peeling químico (estético)'],
  },
  {
    name: 'Adeslas',
    taxId: 'A28007623',
    address: 'Paseo de la Castellana 259 C, 28046 Madrid',
    requiresAuthorization: false,
    copayCents: null,
    active: true,
    paysPercent: 50,
    notCovered: ['Peeling químico (estético)', 'Dermatoscopia digital'],
  },
];

/** Loads the insurers and their tariffs, links the demo's patients to theirs and gives the demo paciente a card. */
export async function seedInsurers(tx: Tx, repos: Repositories, demoRecordId: string, timeZone: string) {
  const services = await repos.clinicServices.list(tx);
  for (const { paysPercent, notCovered, ...insurer } of DEMO_INSURERS) {
    const id = await repos.insurers.create(insurer, tx);
    const tariffs = services.map((service) => ({
      serviceId: service.id,
      priceCents: notCovered.includes(service.name)
        ? null
        : Math.round((service.priceCents * paysPercent) / 10_000) * 100,
    }));
    await repos.insurers.setTariffs(id, tariffs, tx);
  }
  await repos.insurers.linkPatientsByName(tx);
  // The demo paciente's Sanitas card, valid for a year more.
  const cardExpiry = addDays(dateInZone(clock.now(), timeZone), 365);
  await repos.patients.update(demoRecordId, { cardNumber: '0012 4821 9300 1', cardExpiry }, tx);
}
