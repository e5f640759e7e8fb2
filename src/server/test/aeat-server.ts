import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { XMLParser } from 'fast-xml-parser';
import { clock } from '../platform/clock';
import { SOAP_NAMESPACE } from '../billing/verifactu/aeat-client';
import { SF_NAMESPACE } from '../billing/verifactu/xml';
import { validateXml } from '../billing/verifactu/xsd-validate';

/**
 * Our own stand-in for the AEAT's VERI*FACTU service, for tests: HTTPS that asks for a client certificate of the
 * test authority, validates each RegFactuSistemaFacturacion against SuministroLR.xsd with xmllint, and answers as
 * the AEAT documents (RespuestaRegFactuSistemaFacturacion with CSV, TiempoEsperaEnvio, EstadoEnvio and a
 * RespuestaLinea per record), or as a test scripts it: a record rejected, a wait, a 503, no answer, a Fault. It
 * remembers what it registered and rejected, so a subsanación is checked as the AEAT's «Operativas de alta» say
 * (altaState), and a test's rules refuse a value or register it with errors wherever it comes.
 */
const RESPONSE_NAMESPACE =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd';

/** What a test makes the next request get. */
export type ScriptedReply =
  | {
      kind: 'answer';
      waitSeconds?: number;
      /** NumSerieFactura → [CodigoErrorRegistro, DescripcionErrorRegistro]: those records are Incorrecto. */
      rejected?: Record<string, [string, string]>;
      /** Those records are AceptadoConErrores. */
      withErrors?: Record<string, [string, string]>;
    }
  | { kind: 'status'; status: number }
  | { kind: 'hang' }
  | { kind: 'fault'; faultcode: string; faultstring: string };

/** One record as the service received it. */
export interface ReceivedRecord {
  operation: 'Alta' | 'Anulacion';
  issuerNif: string;
  number: string;
  issueDate: string;
  subsanacion: string | null;
  rechazoPrevio: string | null;
  /** DescripcionOperacion, and the recipient's name and NIF (or IDOtro's ID): what a desk's correction changes. */
  description: string | null;
  recipientName: string | null;
  recipientId: string | null;
  /** The record's data without its flags, chain, instant and Huella: two records with the same data say the same. */
  data: string;
  huella: string;
  /** SistemaInformatico: the producer's NIF and the installation's number. */
  producerNif: string;
  installation: string;
}

export interface ReceivedRequest {
  /** The app's clock when it arrived. */
  at: number;
  /** The client certificate's subject CN. */
  clientCn: string | null;
  valid: boolean;
  errors: string;
  records: ReceivedRecord[];
  /** The Cabecera's RemisionVoluntaria/Incidencia (S: sent after the AEAT could not be reached), or null. */
  incident: string | null;
  /** It came before the wait the previous answer set. */
  early: boolean;
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name) => name === 'RegistroFactura',
});

type Node = Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' ? value : null);

/** What a record says of its invoice, leaving out what changes with every record (the chain, instant, Huella, flags). */
function dataOf(record: Node): string {
  const {
    Subsanacion,
    RechazoPrevio,
    Encadenamiento,
    SistemaInformatico,
    FechaHoraHusoGenRegistro,
    TipoHuella,
    Huella,
    ...data
  } = record;
  void [Subsanacion, RechazoPrevio, Encadenamiento, SistemaInformatico, FechaHoraHusoGenRegistro, TipoHuella, Huella];
  return JSON.stringify(data);
}

function recordsOf(document: string): ReceivedRecord[] {
  const root = (parser.parse(document) as Node).RegFactuSistemaFacturacion as Node | undefined;
  return ((root?.RegistroFactura ?? []) as Node[]).map((entry) => {
    const alta = entry.RegistroAlta as Node | undefined;
    const record = (alta ?? entry.RegistroAnulacion) as Node;
    const id = record.IDFactura as Node;
    const system = (record.SistemaInformatico ?? {}) as Node;
    const recipient = (((record.Destinatarios ?? {}) as Node).IDDestinatario ?? {}) as Node;
    return {
      operation: alta ? 'Alta' : 'Anulacion',
      issuerNif: str(id.IDEmisorFactura ?? id.IDEmisorFacturaAnulada) ?? '',
      number: str(id.NumSerieFactura ?? id.NumSerieFacturaAnulada) ?? '',
      issueDate: str(id.FechaExpedicionFactura ?? id.FechaExpedicionFacturaAnulada) ?? '',
      subsanacion: str(record.Subsanacion),
      rechazoPrevio: str(record.RechazoPrevio),
      description: str(record.DescripcionOperacion),
      recipientName: str(recipient.NombreRazon),
      recipientId: str(recipient.NIF) ?? str(((recipient.IDOtro ?? {}) as Node).ID),
      data: dataOf(record),
      huella: str(record.Huella) ?? '',
      producerNif: str(system.NIF) ?? '',
      installation: str(system.NumeroInstalacion) ?? '',
    };
  });
}

function incidentOf(document: string): string | null {
  const root = (parser.parse(document) as Node).RegFactuSistemaFacturacion as Node | undefined;
  const header = (root?.Cabecera ?? {}) as Node;
  return str(((header.RemisionVoluntaria ?? {}) as Node).Incidencia);
}

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const envelope = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="${SOAP_NAMESPACE}"><env:Header/><env:Body>${body}</env:Body></env:Envelope>`;

const fault = (faultcode: string, faultstring: string) =>
  envelope(
    `<env:Fault><faultcode>${faultcode}</faultcode><faultstring>${escape(faultstring)}</faultstring></env:Fault>`,
  );

/**
 * A rule of the AEAT's validation a test sets: a record whose `field` reads `value` is answered `state` with that
 * error, as the AEAT answers a value it refuses («Incorrecto») or registers with errors («AceptadoConErrores»: a
 * recipient's NIF not in its census, error 2001).
 */
export interface AeatRule {
  field: 'description' | 'recipientId' | 'recipientName';
  value: string;
  state: 'Incorrecto' | 'AceptadoConErrores';
  error: [string, string];
}

/** What the service holds of each invoice (issuer, number, date), as the AEAT keeps it between requests. */
interface Ledger {
  /** Registered (Correcto or AceptadoConErrores): the Huella of the record it holds. */
  registered: Map<string, string>;
  /** The last record of it the service rejected: its data and the error. */
  rejected: Map<string, { data: string; error: [string, string] }>;
}

const keyOf = (record: ReceivedRecord) => `${record.issuerNif}|${record.number}|${record.issueDate}`;

type LineState = { state: 'Correcto' | 'AceptadoConErrores' | 'Incorrecto'; error: [string, string] | undefined };

/**
 * How the AEAT settles one alta, following its «Operativas de alta» (docs/verifactu.md): the flags checked together
 * (1153, 1161); an alta without Subsanacion, or with RechazoPrevio X, for an invoice it holds is a duplicate (3000);
 * a subsanación with RechazoPrevio N or S for one it does not hold does not exist (3002); a correction that carries
 * the same data as the record it rejected is rejected again for the same reason; then the test's rules.
 */
function altaState(record: ReceivedRecord, ledger: Ledger, rules: AeatRule[]): LineState {
  const fix = record.subsanacion === 'S';
  if (record.rechazoPrevio === 'X' && !fix) {
    return {
      state: 'Incorrecto',
      error: [
        '1153',
        'Valor del campo RechazoPrevio no válido, solo podrá incluirse el campo RechazoPrevio con valor X si se ha informado el campo Subsanacion y tiene el valor S.',
      ],
    };
  }
  if (record.rechazoPrevio === 'S' && !fix) {
    return {
      state: 'Incorrecto',
      error: [
        '1161',
        'El valor del campo RechazoPrevio no es válido, no podrá incluirse el campo RechazoPrevio con valor S si no se ha informado del campo Subsanacion o tiene el valor N.',
      ],
    };
  }
  const held = ledger.registered.get(keyOf(record));
  // The same record sent again (a worker that died before recording the answer) stands as it was registered.
  if (held === record.huella) return { state: 'Correcto', error: undefined };
  const needsAbsent = !fix || record.rechazoPrevio === 'X';
  if (needsAbsent && held) return { state: 'Incorrecto', error: ['3000', 'Registro de facturación duplicado.'] };
  if (!needsAbsent && !held) return { state: 'Incorrecto', error: ['3002', 'No existe el registro de facturación.'] };
  const before = ledger.rejected.get(keyOf(record));
  if (fix && before && before.data === record.data) return { state: 'Incorrecto', error: before.error };
  const rule = rules.find((candidate) => record[candidate.field] === candidate.value);
  if (rule) return { state: rule.state, error: rule.error };
  return { state: 'Correcto', error: undefined };
}

function answer(
  records: ReceivedRecord[],
  reply: Extract<ScriptedReply, { kind: 'answer' }>,
  csv: string,
  ledger: Ledger,
  rules: AeatRule[],
) {
  const states = records.map((record): LineState => {
    const rejected = record.operation === 'Alta' && !record.subsanacion ? reply.rejected?.[record.number] : undefined;
    const withErrors = reply.withErrors?.[record.number];
    const state: LineState = rejected
      ? { state: 'Incorrecto', error: rejected }
      : withErrors
        ? { state: 'AceptadoConErrores', error: withErrors }
        : record.operation === 'Alta'
          ? altaState(record, ledger, rules)
          : { state: 'Correcto', error: undefined };
    if (record.operation === 'Alta' && state.state === 'Incorrecto') {
      ledger.rejected.set(keyOf(record), { data: record.data, error: state.error! });
    } else if (record.operation === 'Alta') {
      ledger.registered.set(keyOf(record), record.huella);
    }
    return state;
  });
  const incorrect = states.filter((state) => state.state === 'Incorrecto').length;
  const overall =
    incorrect === 0 && states.every((state) => state.state === 'Correcto')
      ? 'Correcto'
      : incorrect === states.length
        ? 'Incorrecto'
        : 'ParcialmenteCorrecto';
  const lines = records.map((record, index) => {
    const { state, error } = states[index]!;
    return (
      `<tikR:RespuestaLinea><tikR:IDFactura><tik:IDEmisorFactura>${record.issuerNif}</tik:IDEmisorFactura>` +
      `<tik:NumSerieFactura>${escape(record.number)}</tik:NumSerieFactura>` +
      `<tik:FechaExpedicionFactura>${record.issueDate}</tik:FechaExpedicionFactura></tikR:IDFactura>` +
      `<tikR:Operacion><tik:TipoOperacion>${record.operation}</tik:TipoOperacion></tikR:Operacion>` +
      `<tikR:EstadoRegistro>${state}</tikR:EstadoRegistro>` +
      (error
        ? `<tikR:CodigoErrorRegistro>${error[0]}</tikR:CodigoErrorRegistro>` +
          `<tikR:DescripcionErrorRegistro>${escape(error[1])}</tikR:DescripcionErrorRegistro>`
        : '') +
      '</tikR:RespuestaLinea>'
    );
  });
  return envelope(
    `<tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="${RESPONSE_NAMESPACE}" xmlns:tik="${SF_NAMESPACE}">` +
      (overall === 'Incorrecto' ? '' : `<tikR:CSV>${csv}</tikR:CSV>`) +
      `<tikR:TiempoEsperaEnvio>${reply.waitSeconds ?? 60}</tikR:TiempoEsperaEnvio>` +
      `<tikR:EstadoEnvio>${overall}</tikR:EstadoEnvio>${lines.join('')}</tikR:RespuestaRegFactuSistemaFacturacion>`,
  );
}

export async function startTestAeatServer(tls: { key: Buffer; cert: Buffer; ca: Buffer }) {
  const received: ReceivedRequest[] = [];
  const script: ScriptedReply[] = [];
  const hanging = new Set<() => void>();
  let notBefore = 0;
  let csvCounter = 0;
  const ledger: Ledger = { registered: new Map(), rejected: new Map() };
  const rules: AeatRule[] = [];

  const server = https.createServer(
    { key: tls.key, cert: tls.cert, ca: tls.ca, requestCert: true, rejectUnauthorized: true },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const soap = Buffer.concat(chunks).toString('utf8');
        const document = /<soapenv:Body>([\s\S]*)<\/soapenv:Body>/.exec(soap)?.[1] ?? '';
        const check = document ? validateXml(document, 'SuministroLR.xsd') : { valid: false, errors: 'sin Body' };
        const peer = (request.socket as TLSSocket).getPeerCertificate();
        const now = clock.nowMs();
        const entry: ReceivedRequest = {
          at: now,
          clientCn: peer?.subject?.CN ? String(peer.subject.CN) : null,
          valid: check.valid,
          errors: check.errors,
          records: check.valid ? recordsOf(document) : [],
          incident: check.valid ? incidentOf(document) : null,
          early: now < notBefore,
        };
        received.push(entry);
        const send = (status: number, body: string) =>
          response.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' }).end(body);
        if (!check.valid)
          return send(500, fault('env:Client', `Codigo[4102].El XML no cumple el esquema. ${check.errors}`));
        const reply = script.shift() ?? { kind: 'answer' };
        if (reply.kind === 'status') return send(reply.status, '');
        if (reply.kind === 'hang') {
          const end = () => response.destroy();
          hanging.add(end);
          response.on('close', () => hanging.delete(end));
          return;
        }
        if (reply.kind === 'fault') return send(500, fault(reply.faultcode, reply.faultstring));
        notBefore = now + (reply.waitSeconds ?? 60) * 1000;
        send(200, answer(entry.records, reply, `A-PRUEBA${String(++csvCounter).padStart(8, '0')}`, ledger, rules));
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`,
    received,
    /** Replies for the next requests, in order; then every request is answered as its records deserve, with a 60 s wait. */
    script,
    /** The validations a test adds: a value refused or registered with errors, for every request from now on. */
    rules,
    async close() {
      for (const end of hanging) end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TestAeatServer = Awaited<ReturnType<typeof startTestAeatServer>>;
