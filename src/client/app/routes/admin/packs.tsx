import { Badge, Button, EmptyState, Paper, Table, Text } from '@mantine/core';
import { IconPlus, IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import { formatEuros } from '../../../../common/money';
import { useClinicServices } from '../../../api/clinic-services';
import { usePackProducts } from '../../../api/packs';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { PackProductFormModal } from '../../../features/packs/components/pack-product-form-modal';

/** «Bonos» (issue 36, item 3): the session packs the clinic sells; deactivated, never deleted. */
export default function PacksPage() {
  const products = usePackProducts();
  const services = useClinicServices();
  const [open, setOpen] = useState<{ id: string | null } | null>(null);
  const editing = products.data?.find((product) => product.id === open?.id) ?? null;

  return (
    <>
      <PageTitle
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setOpen({ id: null })}>
            Nuevo bono
          </Button>
        }
      >
        Bonos
      </PageTitle>
      <Text c="dimmed" mb="md" maw={720}>
        Paquetes de sesiones de un servicio a un precio (sin IVA: se suma el del servicio). Se venden desde la ficha del
        paciente, con su factura; cada visita atendida de ese servicio gasta una sesión.
      </Text>
      {products.isPending && <LoadingBlock label="Cargando los bonos" />}
      {products.isError && !products.data && (
        <LoadErrorAlert title="No se han podido cargar los bonos" error={products.error} />
      )}
      {products.data && (
        <Paper withBorder>
          {products.data.length === 0 ? (
            <EmptyState
              py="xl"
              icon={<IconTicket size={32} stroke={1.5} />}
              title="Aún no hay bonos"
              description="Crea el primero con «Nuevo bono»: un servicio, sus sesiones y su precio."
            />
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Bono</Table.Th>
                    <Table.Th>Precio sin IVA</Table.Th>
                    <Table.Th>Validez</Table.Th>
                    <Table.Th>Vendidos</Table.Th>
                    <Table.Th>Estado</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {products.data.map((product) => (
                    <Table.Tr key={product.id}>
                      <Table.Td>
                        <Button variant="subtle" size="compact-sm" onClick={() => setOpen({ id: product.id })}>
                          {product.name}
                        </Button>
                      </Table.Td>
                      <Table.Td>{formatEuros(product.priceCents)}</Table.Td>
                      <Table.Td>{product.validityMonths ? `${product.validityMonths} meses` : 'No caduca'}</Table.Td>
                      <Table.Td>{product.soldCount}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={product.active ? 'teal' : 'gray'}>
                          {product.active ? 'A la venta' : 'Desactivado'}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      )}
      {open && services.data && (
        <PackProductFormModal
          key={open.id ?? 'new'}
          product={editing}
          services={services.data}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
