import { Button, Group, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatEuros } from '../../../../common/money';
import type { InvoiceKind } from '../../../../common/schemas/invoices';
import { usePackProducts, useSellPack } from '../../../api/packs';
import { errorMessageOf } from '../../../components/form-error';

/** «Vender bono»: the desk picks an active pack; its invoice is issued at once. */
export function SellPackModal({ patientId, onClose }: { patientId: string; onClose: () => void }) {
  const products = usePackProducts();
  const sell = useSellPack();
  const [productId, setProductId] = useState<string | null>(null);
  const [kind, setKind] = useState<InvoiceKind>('simplificada');
  const offered = (products.data ?? []).filter((product) => product.active);
  const chosen = offered.find((product) => product.id === productId);

  const submit = () => {
    if (!productId) return;
    sell.mutate(
      { patientId, input: { productId, kind } },
      {
        onSuccess: (sale) => {
          notifications.show({ color: 'green', message: `Bono vendido: factura ${sale.invoiceNumber}` });
          onClose();
        },
        onError: (error) => notifications.show({ color: 'red', message: errorMessageOf(error) }),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Vender bono">
      <Stack>
        <Select
          label="Bono"
          placeholder={offered.length ? 'Elige el bono' : 'No hay bonos a la venta'}
          data={offered.map((product) => ({
            value: product.id,
            label: `${product.name} · ${formatEuros(product.priceCents)} sin IVA`,
          }))}
          value={productId}
          onChange={setProductId}
        />
        {chosen && (
          <Text size="sm" c="dimmed">
            {chosen.validityMonths ? `Válido ${chosen.validityMonths} meses desde hoy.` : 'No caduca.'} Se emite ahora
            su factura, con el IVA del servicio.
          </Text>
        )}
        <SegmentedControl
          aria-label="Tipo de factura"
          value={kind}
          onChange={(value) => setKind(value as InvoiceKind)}
          data={[
            { value: 'simplificada', label: 'Simplificada' },
            { value: 'completa', label: 'Completa' },
          ]}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} disabled={!productId} loading={sell.isPending}>
            Vender y facturar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
