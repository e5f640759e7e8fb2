import { describe, expect, it } from 'vitest';
import { startLocalRedsys } from '../../test/redsys-server';
import {
  isAuthorised,
  isValidSecret,
  refund,
  newOrder,
  orderKey,
  ORDER_PATTERN,
  paymentForm,
  readNotification,
  redsysFormOrigins,
  sign,
  signParameters,
  signUrlSafe,
} from './redsys';

// Redsys's test merchant key and vectors, as the redsys-easy client's fixtures quote Redsys's examples
// (javiertury/redsys-easy, test/fixtures/rest/redirect.ts and redirect-notification.ts, src/crypto.test.ts).
const TEST_KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';
const REDIRECT_PARAMETERS =
  'eyJEU19NRVJDSEFOVF9UUkFOU0FDVElPTlRZUEUiOiIwIiwiRFNfTUVSQ0hBTlRfT1JERVIiOiIwNzI2cUkzSDdzWngiLCJEU19NRVJDSEFOVF9NRVJDSEFOVENPREUiOiI5OTkwMDg4ODEiLCJEU19NRVJDSEFOVF9URVJNSU5BTCI6IjEiLCJEU19NRVJDSEFOVF9BTU9VTlQiOiI0OTk5IiwiRFNfTUVSQ0hBTlRfQ1VSUkVOQ1kiOiI5NzgiLCJEU19NRVJDSEFOVF9NRVJDSEFOVFVSTCI6Imh0dHA6Ly93d3cucHJ1ZWJhLmNvbS91cmxOb3RpZmljYWNpb24ucGhwIiwiRFNfTUVSQ0hBTlRfVVJMT0siOiJodHRwOi8vd3d3LnBydWViYS5jb20vdXJsT0sucGhwIiwiRFNfTUVSQ0hBTlRfVVJMS08iOiJodHRwOi8vd3d3LnBydWViYS5jb20vdXJsS08ucGhwIn0=';
const NOTIFICATION = {
  Ds_SignatureVersion: 'HMAC_SHA256_V1',
  Ds_MerchantParameters:
    'eyJEc19EYXRlIjoiMjIlMkYxMCUyRjIwMjEiLCJEc19Ib3VyIjoiMjIlM0E1MSIsIkRzX1NlY3VyZVBheW1lbnQiOiIxIiwiRHNfQ2FyZF9OdW1iZXIiOiI0NTQ4ODEqKioqKiowMDA0IiwiRHNfQ2FyZF9Db3VudHJ5IjoiNzI0IiwiRHNfQW1vdW50IjoiNDk5OSIsIkRzX0N1cnJlbmN5IjoiOTc4IiwiRHNfT3JkZXIiOiIwNzI2cUkzSDdzWngiLCJEc19NZXJjaGFudENvZGUiOiI5OTkwMDg4ODEiLCJEc19UZXJtaW5hbCI6IjAwMSIsIkRzX1Jlc3BvbnNlIjoiMDAwMCIsIkRzX01lcmNoYW50RGF0YSI6IiIsIkRzX1RyYW5zYWN0aW9uVHlwZSI6IjAiLCJEc19Db25zdW1lckxhbmd1YWdlIjoiMSIsIkRzX0F1dGhvcmlzYXRpb25Db2RlIjoiMDUyMDI5IiwiRHNfQ2FyZF9CcmFuZCI6IjEiLCJEc19Qcm9jZXNzZWRQYXlNZXRob2QiOiIxIn0=',
  Ds_Signature: '52nPyUkyDws__OfMqDka_yN-arxzulELZC1TYTvvR0s=',
};
const SECOND_KEY = 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev';
const SECOND_NOTIFICATION = {
  Ds_SignatureVersion: 'HMAC_SHA256_V1',
  Ds_MerchantParameters:
    'eyJEc19EYXRlIjoiMDklMkYxMSUyRjIwMTUiLCJEc19Ib3VyIjoiMTglM0EwMyIsIkRzX1NlY3VyZVBheW1lbnQiOiIwIiwiRHNfQ2FyZF9Db3VudHJ5IjoiNzI0IiwiRHNfQW1vdW50IjoiMTQ1IiwiRHNfQ3VycmVuY3kiOiI5NzgiLCJEc19PcmRlciI6IjAwNjkiLCJEc19NZXJjaGFudENvZGUiOiI5OTkwMDg4ODEiLCJEc19UZXJtaW5hbCI6Ijg3MSIsIkRzX1Jlc3BvbnNlIjoiMDAwMCIsIkRzX01lcmNoYW50RGF0YSI6IiIsIkRzX1RyYW5zYWN0aW9uVHlwZSI6IjAiLCJEc19Db25zdW1lckxhbmd1YWdlIjoiMSIsIkRzX0F1dGhvcmlzYXRpb25Db2RlIjoiMDgyMTUwIn0=',
  Ds_Signature: '6DVpRPAPoChZh2cgaWnLqlfFsKeXdRfAO_tz-UrxJcU=',
};

describe('Redsys HMAC_SHA256_V1 (known vectors)', () => {
  it('derives the order key by 3DES-CBC with a zero IV and zero padding', () => {
    expect(orderKey(TEST_KEY, '012345678').toString('base64')).toBe('ub0/L8+E9+9ITQJwk3SvHA==');
    expect(orderKey(TEST_KEY, '0726qI3H7sZx').toString('base64')).toBe('GViV77kFjMPKVUcE9qxzlg==');
    expect(orderKey(SECOND_KEY, '0069').toString('base64')).toBe('0mL++6eIic8=');
  });

  it('signs a redirection request as Redsys does', () => {
    expect(sign(TEST_KEY, '0726qI3H7sZx', REDIRECT_PARAMETERS)).toBe('TyW+LIa2GZnhCPLM7JSPwbQn4ZjOvMO/KiIf4yJgwo8=');
    // The same parameters in the same order give the same Base64 text.
    const signed = signParameters(TEST_KEY, {
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_ORDER: '0726qI3H7sZx',
      DS_MERCHANT_MERCHANTCODE: '999008881',
      DS_MERCHANT_TERMINAL: '1',
      DS_MERCHANT_AMOUNT: '4999',
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_MERCHANTURL: 'http://www.prueba.com/urlNotificacion.php',
      DS_MERCHANT_URLOK: 'http://www.prueba.com/urlOK.php',
      DS_MERCHANT_URLKO: 'http://www.prueba.com/urlKO.php',
    });
    expect(signed).toEqual({
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters: REDIRECT_PARAMETERS,
      Ds_Signature: 'TyW+LIa2GZnhCPLM7JSPwbQn4ZjOvMO/KiIf4yJgwo8=',
    });
  });

  it("verifies Redsys's own notifications (URL-safe signature, URL-encoded values)", () => {
    const reading = readNotification(TEST_KEY, NOTIFICATION);
    expect(reading).toEqual({
      ok: true,
      notification: expect.objectContaining({
        order: '0726qI3H7sZx',
        amountCents: 4999,
        currency: '978',
        merchantCode: '999008881',
        terminal: '001',
        response: '0000',
        authorised: true,
        authorisationCode: '052029',
        transactionType: '0',
      }),
    });
    expect(readNotification(SECOND_KEY, SECOND_NOTIFICATION)).toMatchObject({
      ok: true,
      notification: { order: '0069', amountCents: 145, authorisationCode: '082150' },
    });
  });

  it('refuses a forged signature, another key, another version and unreadable parameters', () => {
    // redsys-easy's forged signature: one character changed.
    const forged = { ...SECOND_NOTIFICATION, Ds_Signature: '7DVpRPAPoChZh2cgaWnLqlfFsKeXdRfAO_tz-UrxJcU=' };
    expect(readNotification(SECOND_KEY, forged)).toEqual({ ok: false, reason: 'Firma no válida.' });
    expect(readNotification(SECOND_KEY, NOTIFICATION)).toEqual({ ok: false, reason: 'Firma no válida.' });
    expect(readNotification(TEST_KEY, { ...NOTIFICATION, Ds_SignatureVersion: 'None' })).toMatchObject({ ok: false });
    expect(readNotification(TEST_KEY, { ...NOTIFICATION, Ds_MerchantParameters: 'bm9wZQ==' })).toMatchObject({
      ok: false,
    });
    expect(readNotification(TEST_KEY, { ...NOTIFICATION, Ds_Signature: 'AAAA' })).toEqual({
      ok: false,
      reason: 'Firma no válida.',
    });
    expect(readNotification(TEST_KEY, {})).toMatchObject({ ok: false });
  });
});

describe('Redsys adapter', () => {
  const merchant = { merchantCode: '999008881', terminal: '1', secret: TEST_KEY };

  it('builds the payment form: cents as text, euro, type 0, the URLs and Bizum as «z»', () => {
    const form = paymentForm(merchant, {
      amountCents: 4550,
      order: '1234AbCd5678',
      method: 'bizum',
      notificationUrl: 'https://clinica.example/api/public/redsys/notificacion',
      urlOk: 'https://clinica.example/pago/x',
      urlKo: 'https://clinica.example/pago/x',
      description: 'Factura F2026-0001',
      merchantName: 'Clínica',
    });
    const parameters = JSON.parse(Buffer.from(form.Ds_MerchantParameters, 'base64').toString('utf8')) as object;
    expect(parameters).toMatchObject({
      DS_MERCHANT_AMOUNT: '4550',
      DS_MERCHANT_ORDER: '1234AbCd5678',
      DS_MERCHANT_MERCHANTCODE: '999008881',
      DS_MERCHANT_TERMINAL: '1',
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_MERCHANTURL: 'https://clinica.example/api/public/redsys/notificacion',
      DS_MERCHANT_PAYMETHODS: 'z',
    });
    expect(form.Ds_SignatureVersion).toBe('HMAC_SHA256_V1');
    expect(form.Ds_Signature).toBe(sign(TEST_KEY, '1234AbCd5678', form.Ds_MerchantParameters));
    expect(() => paymentForm(merchant, { ...baseRequest(), order: 'ABCD1234' })).toThrow();
    expect(() => paymentForm(merchant, { ...baseRequest(), amountCents: 0 })).toThrow();
  });

  it('round-trips: what Redsys signs URL-safe over our parameters reads back', () => {
    const parameters = Buffer.from(
      JSON.stringify({ Ds_Order: '0001zz', Ds_Amount: '100', Ds_Response: '0190', Ds_TransactionType: '0' }),
    ).toString('base64');
    const reading = readNotification(TEST_KEY, {
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters: parameters,
      Ds_Signature: signUrlSafe(TEST_KEY, '0001zz', parameters),
    });
    expect(reading).toMatchObject({ ok: true, notification: { response: '0190', authorised: false } });
  });

  it('reads Ds_Response: 0000–0099 authorise a payment, 0900 a refund, anything else refuses', () => {
    expect(isAuthorised('0000')).toBe(true);
    expect(isAuthorised('0099')).toBe(true);
    expect(isAuthorised('0100')).toBe(false);
    expect(isAuthorised('0190')).toBe(false);
    expect(isAuthorised('9915')).toBe(false);
    expect(isAuthorised('')).toBe(false);
    expect(isAuthorised('0900')).toBe(false);
    expect(isAuthorised('0900', '3')).toBe(true);
    expect(isAuthorised('0000', '3')).toBe(false);
  });

  it("names the form's targets: Redsys's two environments, or the local Redsys alone", () => {
    expect(redsysFormOrigins()).toEqual(['https://sis-t.redsys.es:25443', 'https://sis.redsys.es']);
    expect(redsysFormOrigins({ redirect: 'http://127.0.0.1:4123/sis/realizarPago' })).toEqual([
      'http://127.0.0.1:4123',
    ]);
  });

  it('makes orders of 4 digits and 8 alphanumerics, different each time; checks secrets', () => {
    const orders = new Set(Array.from({ length: 200 }, newOrder));
    expect(orders.size).toBe(200);
    for (const order of orders) expect(order).toMatch(/^\d{4}[A-Za-z0-9]{8}$/);
    expect(ORDER_PATTERN.test('12')).toBe(false);
    expect(isValidSecret(TEST_KEY)).toBe(true);
    expect(isValidSecret('c2hvcnQ=')).toBe(false);
    expect(isValidSecret('not base64!')).toBe(false);
  });
});

describe('a refund through the REST service (transaction type 3)', () => {
  it('is signed the same way and accepted by Ds_Response 0900; anything else refuses it', async () => {
    const local = await startLocalRedsys({ merchantCode: '999008881', secret: TEST_KEY });
    try {
      const merchant = { merchantCode: '999008881', terminal: '1', secret: TEST_KEY };
      expect(await refund(merchant, local.restUrl, { order: '1234abcdEFGH', amountCents: 2000 })).toEqual({
        accepted: true,
        response: '0900',
      });
      expect(local.refunds).toEqual([{ order: '1234abcdEFGH', amountCents: 2000 }]);
      local.script({ response: '0950' });
      expect(await refund(merchant, local.restUrl, { order: '1234abcdEFGH', amountCents: 2000 })).toEqual({
        accepted: false,
        response: '0950',
      });
      // Signed with another key: the local Redsys answers SIS0042, as Redsys does.
      const wrong = { ...merchant, secret: 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev' };
      expect(await refund(wrong, local.restUrl, { order: '1234abcdEFGH', amountCents: 2000 })).toEqual({
        accepted: false,
        response: 'SIS0042',
      });
    } finally {
      await local.close();
    }
  });
});

function baseRequest() {
  return {
    amountCents: 100,
    order: '1234abcd',
    method: 'tarjeta' as const,
    notificationUrl: 'https://x/n',
    urlOk: 'https://x/ok',
    urlKo: 'https://x/ko',
    description: 'x',
    merchantName: 'x',
  };
}
