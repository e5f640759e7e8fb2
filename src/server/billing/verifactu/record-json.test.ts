import { describe, expect, it } from 'vitest';
import { huellaMatches } from './huella';
import { recordFromJson, recordToJson } from './record-json';
import { clinicChain } from '../../test/verifactu-fixtures';
import { recordXml } from './xml';

describe('a record kept as JSON', () => {
  it('comes back as the same value: same Huella, same XML, dates as Temporal dates', () => {
    for (const record of clinicChain()) {
      const stored = JSON.parse(JSON.stringify(recordToJson(record)));
      const back = recordFromJson(stored);
      expect(huellaMatches(back)).toBe(true);
      expect(recordXml(back)).toBe(recordXml(record));
      expect(back).toEqual(record);
    }
  });
});
