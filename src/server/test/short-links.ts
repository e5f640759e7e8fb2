import { expect } from 'vitest';
import type { TestApp } from './app';

/** The short link (`…/r/<code>`) at the end of a message's text. */
export function shortLinkIn(text: string): string {
  const match = /https?:\/\/\S+\/r\/([A-Za-z0-9]{10})$/.exec(text);
  expect(match, `a short link at the end of «${text}»`).not.toBeNull();
  return match![0];
}

/** Where a short link leads: the path of its 303 (failing the test on any other answer). */
export async function followShortLink(t: TestApp, url: string): Promise<string> {
  const response = await t.request({ method: 'GET', url: new URL(url).pathname });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(303);
  return String(response.headers.location);
}
