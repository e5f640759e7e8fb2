import { Anchor, List, Stack, Text } from '@mantine/core';
import { api } from '../../../../common/api-paths';

/** The AEAT's XML (RegFactuSistemaFacturacion) takes at most 1 000 records: one file for each thousand. */
const PER_FILE = 1000;
const number = new Intl.NumberFormat('es-ES');

/** The chain's records as the AEAT's XML, one link per file of 1 000 («Registros 1 a 1 000»). */
export function XmlDownloads({ records }: { records: number }) {
  if (records === 0) return null;
  const files = Math.ceil(records / PER_FILE);
  return (
    <Stack gap={4}>
      <Text size="sm">Los registros en el XML de la AEAT, un archivo cada 1 000 registros:</Text>
      <List size="sm">
        {Array.from({ length: files }, (_, index) => {
          const first = index * PER_FILE + 1;
          const last = Math.min(records, (index + 1) * PER_FILE);
          return (
            <List.Item key={index}>
              <Anchor href={`${api.verifactuRecordsXml}?page=${index + 1}`} download>
                Registros {number.format(first)} a {number.format(last)}
              </Anchor>
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}
