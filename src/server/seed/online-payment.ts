import { Temporal } from 'temporal-polyfill';
import { clock } from '../platform/clock';
import type { Tx } from '../platform/db/transaction';
import type { Repositories } from '../repositories';
import { SIGNATURE_VERSION, signUrlSafe, type SignedMessage } from '../billing/online-payments/redsys';

/**
 * The demo's «TPV de pruebas»: Redsys's own test merchant and its public test key (their integration guide's), in
 * the «Pruebas» environment. With `REDSYS_URL` the demo's payments go to the local Redsys; without, to Redsys's
 * test service.
 */
export const DEMO_REDSYS = { merchantCode: '999008881', terminal: '1', secret: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7' };

/** The authorisation code the bank gave the demo's card payment (shown in the payment's note). */
export const DEMO_AUTHORISATION = '274913';

/** Sets the demo clinic's virtual POS up, as the admin does in «Configuración». */
export async function seedRedsys(tx: Tx, repos: Repositories) {
  await repos.clinic.updateSettings(
    {
      redsysMerchantCode: DEMO_REDSYS.merchantCode,
      redsysTerminal: DEMO_REDSYS.terminal,
      redsysEnvironment: 'pruebas',
    },
    tx,
  );
  await repos.onlinePayments.saveSecret(DEMO_REDSYS.secret, tx);
}

/**
 * What Redsys posts to the clinic once the card of a payment form is authorised: the notification's parameters
 * (URL-encoded values, as Redsys sends them), signed under the order's key with the merchant's secret, the
 * signature in URL-safe Base64. The demo records it through the same notification path as the bank's.
 */
export function redsysAuthorises(form: SignedMessage, authorisationCode: string, timeZone: string): SignedMessage {
  const asked = JSON.parse(Buffer.from(form.Ds_MerchantParameters, 'base64').toString('utf8')) as Record<
    string,
    string
  >;
  const now = Temporal.Instant.fromEpochMilliseconds(clock.nowMs()).toZonedDateTimeISO(timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  const values = {
    Ds_Date: encodeURIComponent(`${two(now.day)}/${two(now.month)}/${now.year}`),
    Ds_Hour: encodeURIComponent(`${two(now.hour)}:${two(now.minute)}`),
    Ds_SecurePayment: '1',
    Ds_Amount: asked.DS_MERCHANT_AMOUNT ?? '',
    Ds_Currency: asked.DS_MERCHANT_CURRENCY ?? '',
    Ds_Order: asked.DS_MERCHANT_ORDER ?? '',
    Ds_MerchantCode: asked.DS_MERCHANT_MERCHANTCODE ?? '',
    Ds_Terminal: (asked.DS_MERCHANT_TERMINAL ?? '').padStart(3, '0'),
    Ds_Response: '0000',
    Ds_MerchantData: '',
    Ds_TransactionType: asked.DS_MERCHANT_TRANSACTIONTYPE ?? '0',
    Ds_ConsumerLanguage: '1',
    Ds_AuthorisationCode: authorisationCode,
    Ds_ProcessedPayMethod: asked.DS_MERCHANT_PAYMETHODS === 'z' ? '68' : '1',
  };
  const encoded = Buffer.from(JSON.stringify(values), 'utf8').toString('base64');
  return {
    Ds_SignatureVersion: SIGNATURE_VERSION,
    Ds_MerchantParameters: encoded,
    Ds_Signature: signUrlSafe(DEMO_REDSYS.secret, values.Ds_Order, encoded),
  };
}
