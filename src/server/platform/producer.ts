import fs from 'node:fs';
import type { DeclarationFacts } from '../../common/declaracion-responsable';
import type { InformationSystemView } from '../../common/schemas/verifactu';

/**
 * Who makes this invoicing system and what it is (RD 1007/2023 art. 13; SistemaInformatico of every record): the
 * producer of the software, never the clinic that uses it. Constants of the product; the producer's name, NIF and
 * address can be set by configuration (VERIFACTU_PRODUCTOR_*) by whoever distributes it, and the declaración
 * responsable is signed for each version (docs/declaracion-responsable.md).
 */
export interface Producer {
  name: string;
  nif: string;
  address: string;
}

/** The product's producer as distributed (the decision record «Billing in pruebas until producción»): NIF to be set. */
export const DEFAULT_PRODUCER: Producer = {
  name: 'Clínica Software, S.L.',
  nif: 'B00000000',
  address: 'Apartado de Correos 1, 28080 Madrid, España',
};

/** NombreSistemaInformatico (≤ 30) and IdSistemaInformatico (≤ 2). */
export const SYSTEM_NAME = 'Clínica';
export const SYSTEM_ID = 'CL';

/** Version: the package's, as released. */
export const PRODUCT_VERSION = (
  JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** When and where the producer signed this version's declaración responsable. */
export const DECLARATION_SIGNED = { date: '2026-11-29', place: 'Madrid (España)' } as const;

/** The system as the screens and the declaration name it. */
export function systemView(producer: Producer = DEFAULT_PRODUCER): InformationSystemView {
  return {
    producerName: producer.name,
    producerNif: producer.nif,
    producerAddress: producer.address,
    name: SYSTEM_NAME,
    id: SYSTEM_ID,
    version: PRODUCT_VERSION,
  };
}

export function declarationFacts(producer: Producer = DEFAULT_PRODUCER): DeclarationFacts {
  return { system: systemView(producer), signed: DECLARATION_SIGNED };
}
