import { paths } from '../../../common/paths';
import { clock, latestOf, minus, plus, transact, type ShortLinkKind, type Tx } from '../../platform';
import type { CoreDeps, Repositories } from '../deps';
import { idOf, isCodeShaped, isOwnPath, newCode, seal, unseal } from './codes';

type ShortLinkDeps = { config: Pick<CoreDeps['config'], 'publicUrl'>; repos: Pick<Repositories, 'shortLinks'> };

/** What a short link opens: its target, or why not. */
export type ShortLinkOpening = { state: 'found'; target: string } | { state: 'expired' } | { state: 'unknown' };

/** How long after its expiry a link still says «caducado» rather than «no existe»; then its row goes. */
export const EXPIRED_KEPT_DAYS = 90;

/**
 * A short link to `target` (a path of this server: `/cita/…`, `/encuesta/…`), written in the caller's transaction
 * (the message that carries it and the link commit together); answers its address on the clinic's PUBLIC_URL.
 */
export async function shortLinkFor(
  deps: ShortLinkDeps,
  input: { kind: ShortLinkKind; target: string; expiresAt: Date },
  tx: Tx,
): Promise<string> {
  if (!isOwnPath(input.target)) throw new Error('a short link leads to a path of this server');
  const code = newCode();
  const now = clock.now();
  await deps.repos.shortLinks.insert(
    {
      id: idOf(code),
      kind: input.kind,
      sealedTarget: seal(input.target, code),
      createdAt: now,
      // Never born expired (a clock a little off, a visit minutes away): it lives at least an hour.
      expiresAt: latestOf(input.expiresAt, plus(now, { hours: 1 })),
    },
    tx,
  );
  return `${deps.config.publicUrl}${paths.shortLink(code)}`;
}

/** Where a code leads, if anywhere: unknown (never made, mistyped, or swept long ago) or expired. */
export async function openShortLink(deps: { repos: Pick<Repositories, 'shortLinks'> }, code: string) {
  if (!isCodeShaped(code)) return { state: 'unknown' } satisfies ShortLinkOpening;
  const row = await deps.repos.shortLinks.find(idOf(code));
  const target = row && unseal(row.sealedTarget, code);
  if (!row || !target) return { state: 'unknown' } satisfies ShortLinkOpening;
  if (row.expiresAt.getTime() <= clock.nowMs()) return { state: 'expired' } satisfies ShortLinkOpening;
  return { state: 'found', target } satisfies ShortLinkOpening;
}

/** Deletes the links expired more than EXPIRED_KEPT_DAYS ago. */
export const sweepShortLinks = (deps: Pick<CoreDeps, 'db'> & ShortLinkDeps) =>
  transact(deps.db, (tx) =>
    deps.repos.shortLinks.deleteExpiredBefore(minus(clock.now(), { days: EXPIRED_KEPT_DAYS }), tx),
  );
