import { describe, expect, it } from 'vitest';
import { type AeatSubmissionError, parseAnswer, soapEnvelope } from './aeat-client';

const NS_R =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd';
const NS_I =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd';

const envelope = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body>${body}</env:Body></env:Envelope>`;

const line = (number: string, state: string, extra = '') =>
  `<tikR:RespuestaLinea><tikR:IDFactura><tik:IDEmisorFactura>B12345674</tik:IDEmisorFactura>` +
  `<tik:NumSerieFactura>${number}</tik:NumSerieFactura><tik:FechaExpedicionFactura>02-03-2026</tik:FechaExpedicionFactura>` +
  `</tikR:IDFactura><tikR:Operacion><tik:TipoOperacion>Alta</tik:TipoOperacion></tikR:Operacion>` +
  `<tikR:EstadoRegistro>${state}</tikR:EstadoRegistro>${extra}</tikR:RespuestaLinea>`;

describe('the AEAT’s answer', () => {
  it('reads EstadoEnvio, CSV, TiempoEsperaEnvio and each line, with its Spanish error as written', () => {
    const answer = parseAnswer(
      envelope(
        `<tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="${NS_R}" xmlns:tik="${NS_I}">` +
          '<tikR:CSV>A-ABC123</tikR:CSV><tikR:TiempoEsperaEnvio>90</tikR:TiempoEsperaEnvio>' +
          '<tikR:EstadoEnvio>ParcialmenteCorrecto</tikR:EstadoEnvio>' +
          line('S2026-000001', 'Correcto') +
          line(
            'S2026-000002',
            'Incorrecto',
            '<tikR:CodigoErrorRegistro>1100</tikR:CodigoErrorRegistro>' +
              '<tikR:DescripcionErrorRegistro>Valor o tipo incorrecto del campo: Descripción &amp; más</tikR:DescripcionErrorRegistro>',
          ) +
          line(
            'S2026-000003',
            'Incorrecto',
            '<tikR:CodigoErrorRegistro>3000</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>Registro de facturación duplicado.</tikR:DescripcionErrorRegistro>' +
              '<tikR:RegistroDuplicado><tik:EstadoRegistroDuplicado>Correcta</tik:EstadoRegistroDuplicado></tikR:RegistroDuplicado>',
          ) +
          '</tikR:RespuestaRegFactuSistemaFacturacion>',
      ),
    );
    expect(answer).toMatchObject({ csv: 'A-ABC123', state: 'ParcialmenteCorrecto', waitSeconds: 90 });
    expect(answer.lines.map((entry) => [entry.number, entry.issueDate, entry.operation, entry.state])).toEqual([
      ['S2026-000001', '02-03-2026', 'Alta', 'Correcto'],
      ['S2026-000002', '02-03-2026', 'Alta', 'Incorrecto'],
      ['S2026-000003', '02-03-2026', 'Alta', 'Correcto'],
    ]);
    expect(answer.lines[1]).toMatchObject({
      errorCode: '1100',
      errorDescription: 'Valor o tipo incorrecto del campo: Descripción & más',
    });
  });

  it('a Client fault is a definitive refusal with its code; a Server fault and an unreadable answer are retried', () => {
    const fault = (code: string) =>
      envelope(
        `<env:Fault><faultcode>${code}</faultcode><faultstring>Codigo[4102].El XML no cumple el esquema</faultstring></env:Fault>`,
      );
    const caught = (xml: string) => {
      try {
        parseAnswer(xml);
      } catch (error) {
        return error as AeatSubmissionError;
      }
      throw new Error('no error');
    };
    expect(caught(fault('env:Client'))).toMatchObject({ code: '4102', retry: false });
    expect(caught(fault('env:Server'))).toMatchObject({ code: '4102', retry: true });
    expect(caught(envelope('<Otra/>'))).toMatchObject({ code: 'RESPUESTA', retry: true });
    expect(caught('<<no es xml')).toMatchObject({ retry: true });
  });

  it('wraps the document in a SOAP 1.1 envelope without its XML declaration', () => {
    expect(soapEnvelope('<?xml version="1.0" encoding="UTF-8"?>\n<a/>')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Header/><soapenv:Body><a/></soapenv:Body></soapenv:Envelope>',
    );
  });
});
