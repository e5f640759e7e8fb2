import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { OnlinePaymentMethod, RedsysForm } from '../../../../common/schemas/online-payments';
import { submitToRedsys } from '../../../api/online-payments';
import { apiFetch } from '../../../lib/api-client';

/** «Pagar la señal» of a booking by its link (decision 0121): the signed form, and the browser goes to Redsys. */
export const payPublicBookingDeposit = ({ token, method }: { token: string; method: OnlinePaymentMethod }) =>
  apiFetch<RedsysForm>(api.public.bookingDepositPayment(token), { method: 'POST', body: { method } });

/** «Pagar la señal» of the paciente's own booking. */
export const payMyAppointmentDeposit = ({ id, method }: { id: string; method: OnlinePaymentMethod }) =>
  apiFetch<RedsysForm>(api.myAppointmentDepositPayment(id), { method: 'POST', body: { method } });

/** Either way, by the link's token when there is one, else as the signed-in paciente. */
export const usePayBookingDeposit = (target: { token: string } | { id: string }) =>
  useMutation({
    mutationFn: (method: OnlinePaymentMethod) =>
      'token' in target
        ? payPublicBookingDeposit({ token: target.token, method })
        : payMyAppointmentDeposit({ id: target.id, method }),
    onSuccess: submitToRedsys,
  });
