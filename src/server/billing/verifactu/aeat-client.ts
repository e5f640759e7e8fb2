import fs from 'node:fs';
import https from 'node:https';
import tls from 'node:tls';
import { XMLParser } from 'fast-xml-parser';

/**
 * The AEAT's VERI*FACTU web service (SistemaFacturacion.wsdl, operation RegFactuSistemaFacturacion): a SOAP 1.1
 * envelope around one RegFactuSistemaFacturacion, posted over HTTPS with the taxpayer's (or its representative's)
 * certificate as the TLS client certificate, and its RespuestaRegFactuSistemaFacturacion read back.
 */
export const SOAP_NAMESPACE = 'http://schemas.xmlsoap.org/soap/envelope/';

/**
 * The service's addresses for a personal or entity certificate (the WSDL's «VerifactuSOAP» port): the records of a
 * clinic in pruebas go to `test`, those of a clinic in producción to `production` (environment.ts).
 */
export const AEAT_ENDPOINTS = {
  test: 'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
  production: 'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
} as const;

/** EstadoEnvio of the whole submission. */
export type SubmissionState = 'Correcto' | 'ParcialmenteCorrecto' | 'Incorrecto';
/** EstadoRegistro of one record. */
export type RecordState = 'Correcto' | 'AceptadoConErrores' | 'Incorrecto';

/** One RespuestaLinea: which record (its invoice and operation) and what the AEAT made of it. */
export interface AnswerLine {
  issuerNif: string;
  number: string;
  /** FechaExpedicionFactura as the AEAT writes it (dd-mm-yyyy). */
  issueDate: string;
  operation: 'Alta' | 'Anulacion';
  state: RecordState;
  errorCode: string | null;
  errorDescription: string | null;
}

export interface AeatAnswer {
  csv: string | null;
  state: SubmissionState;
  /** TiempoEsperaEnvio: seconds before the next submission. */
  waitSeconds: number;
  lines: AnswerLine[];
}

/**
 * A submission that did not get an answer to settle its records. `retry`: try again later (a timeout, the network,
 * a 5xx, a server's Fault); otherwise the AEAT refused the request itself (a Client Fault: the same request
 * would be refused again).
 */
export class AeatSubmissionError extends Error {
  override name = 'AeatSubmissionError';
  constructor(
    message: string,
    readonly code: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

export interface AeatClient {
  /** Posts one submission to the environment of its records' mode (pruebas: the AEAT's test host). */
  submit(body: string, environment: AeatEnvironment): Promise<AeatAnswer>;
}

export type AeatEnvironment = keyof typeof AEAT_ENDPOINTS;

export interface AeatClientOptions {
  /** One address for both environments (a local test service), or each environment's. */
  endpoint: string | Record<AeatEnvironment, string>;
  /** The PKCS#12 (.p12/.pfx) file's bytes and its password. */
  pfx: Buffer;
  passphrase: string;
  /** Extra certificate authorities to trust for the endpoint (a test server's); Node's own list otherwise. */
  ca?: Buffer;
  timeoutMs: number;
}

/** The SOAP envelope around a RegFactuSistemaFacturacion document (xml.ts `submissionXml`). */
export function soapEnvelope(document: string): string {
  const body = document.replace(/^<\?xml[^>]*\?>\s*/, '');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<soapenv:Envelope xmlns:soapenv="${SOAP_NAMESPACE}"><soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`
  );
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'RespuestaLinea',
});

type Node = Record<string, unknown>;
const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

/** «Codigo[4102].El XML no cumple el esquema» → 4102; the fault code otherwise. */
const faultCode = (code: string, message: string) => /Codigo\[(\d+)\]/.exec(message)?.[1] ?? code;

/** Reads a SOAP answer: the AEAT's response, or throws the Fault it carries (or what makes it unreadable). */
export function parseAnswer(xml: string): AeatAnswer {
  let parsed: Node;
  try {
    parsed = parser.parse(xml) as Node;
  } catch {
    throw new AeatSubmissionError('La respuesta de la AEAT no es XML legible', 'RESPUESTA', true);
  }
  const body = ((parsed.Envelope as Node | undefined)?.Body ?? {}) as Node;
  const fault = body.Fault as Node | undefined;
  if (fault) {
    const code = text(fault.faultcode) ?? '';
    const message = text(fault.faultstring) ?? 'SOAP Fault sin descripción';
    // A Client fault is the request's own (it would be refused again); a Server fault may pass later.
    throw new AeatSubmissionError(message, faultCode(code, message), !/(^|:)Client/.test(code));
  }
  const answer = body.RespuestaRegFactuSistemaFacturacion as Node | undefined;
  const state = text(answer?.EstadoEnvio);
  if (!answer || (state !== 'Correcto' && state !== 'ParcialmenteCorrecto' && state !== 'Incorrecto')) {
    throw new AeatSubmissionError('La respuesta de la AEAT no trae EstadoEnvio', 'RESPUESTA', true);
  }
  const wait = Number(text(answer.TiempoEsperaEnvio) ?? '60');
  return {
    csv: text(answer.CSV),
    state,
    waitSeconds: Number.isFinite(wait) && wait >= 0 ? wait : 60,
    lines: ((answer.RespuestaLinea ?? []) as Node[]).map((line) => {
      const id = (line.IDFactura ?? {}) as Node;
      const operation = (line.Operacion ?? {}) as Node;
      // A record the AEAT already had (sent again after a worker died before recording the answer) comes back
      // Incorrecto with RegistroDuplicado: it stands as what the AEAT registered the first time.
      const duplicate = text(((line.RegistroDuplicado ?? {}) as Node).EstadoRegistroDuplicado);
      const state =
        duplicate === 'Correcta'
          ? 'Correcto'
          : duplicate === 'AceptadaConErrores'
            ? 'AceptadoConErrores'
            : ((text(line.EstadoRegistro) ?? 'Incorrecto') as RecordState);
      return {
        issuerNif: text(id.IDEmisorFactura) ?? '',
        number: text(id.NumSerieFactura) ?? '',
        issueDate: text(id.FechaExpedicionFactura) ?? '',
        operation: text(operation.TipoOperacion) === 'Anulacion' ? 'Anulacion' : 'Alta',
        state,
        errorCode: text(line.CodigoErrorRegistro),
        errorDescription: text(line.DescripcionErrorRegistro),
      };
    }),
  };
}

/** The client of the AEAT's service: mutual TLS from the PKCS#12, one POST per submission, never inside a transaction. */
export function createAeatClient(options: AeatClientOptions): AeatClient {
  const agent = new https.Agent({
    pfx: options.pfx,
    passphrase: options.passphrase,
    ...(options.ca ? { ca: options.ca } : {}),
    // A submission a minute at most: a fresh connection each time, never a kept one the server may have closed.
    keepAlive: false,
  });
  return {
    submit(document, environment) {
      const payload = Buffer.from(soapEnvelope(document), 'utf8');
      const endpoint = typeof options.endpoint === 'string' ? options.endpoint : options.endpoint[environment];
      return new Promise<AeatAnswer>((resolve, reject) => {
        const request = https.request(
          endpoint,
          {
            method: 'POST',
            agent,
            headers: {
              'content-type': 'text/xml; charset=utf-8',
              'content-length': payload.length,
              soapaction: '""',
            },
            timeout: options.timeoutMs,
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('error', (error) => reject(networkError(error)));
            response.on('end', () => {
              const status = response.statusCode ?? 0;
              const body = Buffer.concat(chunks).toString('utf8');
              // A SOAP Fault comes with a 500: read it before judging by the status.
              try {
                if (status === 200 || /<(\w+:)?Fault[\s>]/.test(body)) return resolve(parseAnswer(body));
              } catch (error) {
                return reject(error);
              }
              reject(
                new AeatSubmissionError(`El servicio de la AEAT respondió HTTP ${status}`, `HTTP ${status}`, true),
              );
            });
          },
        );
        request.on('timeout', () =>
          request.destroy(new AeatSubmissionError('La AEAT no respondió a tiempo', 'TIMEOUT', true)),
        );
        request.on('error', (error) => reject(networkError(error)));
        request.end(payload);
      });
    },
  };
}

function networkError(error: Error): AeatSubmissionError {
  if (error instanceof AeatSubmissionError) return error;
  const code = (error as { code?: string }).code ?? 'RED';
  return new AeatSubmissionError(`No se pudo contactar con la AEAT (${code})`, code, true);
}

/** The configuration's part that says where and how the records are sent (`config.verifactu`). */
export interface AeatSendConfig {
  /** One address for both modes (a local test service); absent: the AEAT's own address of each environment. */
  endpoint?: string;
  certificate?: { path: string; password: string };
  caPath?: string;
}

/**
 * The client the configuration describes, or null with no certificate (nothing is sent). A certificate that cannot
 * be read or opened with its password stops the start with a Spanish message that never includes the password.
 */
export function aeatClientFromConfig(config: AeatSendConfig, timeoutMs = 60_000): AeatClient | null {
  if (!config.certificate) return null;
  const { path, password } = config.certificate;
  let pfx: Buffer;
  let ca: Buffer | undefined;
  try {
    pfx = fs.readFileSync(path);
    ca = config.caPath ? fs.readFileSync(config.caPath) : undefined;
  } catch (error) {
    throw new Error(`No se puede leer el certificado de VERI*FACTU (${(error as { code?: string }).code ?? 'error'})`);
  }
  try {
    tls.createSecureContext({ pfx, passphrase: password });
  } catch {
    throw new Error('El certificado de VERIFACTU_CERT_PATH no se abre con VERIFACTU_CERT_PASSWORD');
  }
  return createAeatClient({
    endpoint: config.endpoint ?? AEAT_ENDPOINTS,
    pfx,
    passphrase: password,
    ca,
    timeoutMs,
  });
}
