import { NumberInput, SimpleGrid } from '@mantine/core';
import { DEPOSIT_MAX_REFUND_HOURS } from '../../../../common/schemas/deposits';

interface DepositFieldsProps {
  depositEuros: number | string;
  refundHours: number | string;
  errors: Record<string, string>;
  onDeposit: (value: number | string) => void;
  onRefundHours: (value: number | string) => void;
}

/**
 * The deposit asked when the service is booked online (decision 0121): empty for none; paid by card or Bizum, with
 * the clinic's TPV set up; given back when the patient cancels up to the hours said before the visit.
 */
export function ServiceDepositFields({
  depositEuros,
  refundHours,
  errors,
  onDeposit,
  onRefundHours,
}: DepositFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <NumberInput
        label="Señal al reservar por internet"
        description="IVA incluido; vacía si no se pide. Se paga con tarjeta o Bizum al reservar"
        suffix=" €"
        decimalSeparator=","
        thousandSeparator="."
        decimalScale={2}
        fixedDecimalScale
        min={0}
        allowNegative={false}
        value={depositEuros}
        onChange={onDeposit}
        error={errors.depositCents}
      />
      <NumberInput
        label="Se devuelve si cancela con (horas)"
        description="Horas de antelación a la cita con las que la paciente recupera la señal"
        min={0}
        max={DEPOSIT_MAX_REFUND_HOURS}
        allowDecimal={false}
        allowNegative={false}
        value={refundHours}
        onChange={onRefundHours}
        error={errors.depositRefundHours}
      />
    </SimpleGrid>
  );
}
