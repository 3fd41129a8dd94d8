/**
 * The shared generator of the emulator's malformed-request fuzz tests: a seeded PRNG (`seeded-random.ts`), requests drawn
 * from a per-area space of routes, query parameters, headers and bodies, and the check every answer
 * must pass (never a 5xx; an error is in the platform's shape with the response's status).
 * Deterministic: `EMULATOR_FUZZ_SEED` picks another seed, so a failure reproduces.
 */
import { expect } from 'vitest';
import { call, type CallOptions, type TestResponse } from './emulator-test-client';
import { isIdentityPath } from '../http/error-body';
import { isLoopbackHost } from '../http/loopback-guard';
import { requestPath } from '../http/request-path';
import type { HttpMethod } from './demo-emulator';
import { seededRandom, type Random } from './seeded-random';

export type Route = readonly [HttpMethod, string];

/** The PRNG of a fuzz test: seeded with `EMULATOR_FUZZ_SEED` when set, else with the test's own seed. */
export function fuzzRandom(defaultSeed: number): Random {
  return seededRandom(Number(process.env.EMULATOR_FUZZ_SEED ?? defaultSeed));
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** What a fuzz test's requests are drawn from. */
export interface FuzzSpace {
  routes: readonly Route[];
  /** Query parameter names and values: up to `maxParams - 1` pairs a request (5 by default). */
  params: readonly string[];
  values: readonly string[];
  maxParams?: number;
  /** Raw query pieces (broken escapes and the like), appended to a fifth of the requests. */
  rawQueries?: readonly string[];
  /** A request's headers, drawn afresh for each. */
  headers(random: Random): Record<string, string>;
  /** The share of requests that keep their route's method (1 by default); the others take one of `methods`. */
  keepMethod?: number;
  methods?: readonly HttpMethod[];
  /** The share of requests, other than GET and HEAD, that carry a body. */
  bodyShare: number;
  bodies: readonly string[];
  /** Content types for a body; '' sends none. */
  contentTypes: readonly string[];
  /**
   * The share of requests whose path is respelt (0 by default): one character percent-encoded, a
   * `./` or `x/../` inserted, a slash doubled or appended, or the path upper-cased, so the routes are
   * also reached (or missed) through every spelling a guard on the raw URL would get wrong.
   */
  respellPaths?: number;
}

export interface FuzzRequest {
  method: HttpMethod;
  /** Path and query. */
  target: string;
  options: CallOptions;
}

/**
 * Every route with every query and, per method, each of `bodiesOf(method)` (undefined: no body; a
 * body goes as JSON), all with `headers`: the exhaustive grid of the per-area malformed tests.
 */
export function everyRequest(
  routes: readonly Route[],
  queries: readonly string[],
  bodiesOf: (method: HttpMethod) => readonly (string | undefined)[],
  headers: Record<string, string>,
): FuzzRequest[] {
  return routes.flatMap(([method, path]) =>
    queries.flatMap((query) =>
      bodiesOf(method).map((body) => ({
        method,
        target: `${path}${query}`,
        options: body === undefined ? { method, headers } : { method, headers: { ...headers, 'content-type': 'application/json' }, body },
      })),
    ),
  );
}

/** One respelling of `path` (see `FuzzSpace.respellPaths`). */
export function respellPath(random: Random, path: string): string {
  const at = 1 + Math.floor(random() * Math.max(1, path.length - 1));
  switch (Math.floor(random() * 6)) {
    case 0: {
      const char = path[at] ?? '';
      return char === '' || char === '/' ? `${path}/` : `${path.slice(0, at)}%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}${path.slice(at + 1)}`;
    }
    case 1:
      return path.replace('/', '/./');
    case 2:
      return path.replace('/', '/x/../');
    case 3:
      return path.replace('/', '//');
    case 4:
      return `${path}/`;
    default:
      return path.toUpperCase();
  }
}

export function randomRequest(random: Random, space: FuzzSpace): FuzzRequest {
  const [routeMethod, routePath] = pick(random, space.routes);
  const path = space.respellPaths !== undefined && random() < space.respellPaths ? respellPath(random, routePath) : routePath;
  const method = random() < (space.keepMethod ?? 1) ? routeMethod : pick(random, space.methods ?? [routeMethod]);
  const query = Array.from({ length: Math.floor(random() * (space.maxParams ?? 5)) }, () => `${pick(random, space.params)}=${encodeURIComponent(pick(random, space.values))}`);
  if (space.rawQueries && random() < 0.2) query.push(pick(random, space.rawQueries));
  const headers = { ...space.headers(random) };
  const options: CallOptions = { method, headers };
  if (method !== 'GET' && method !== 'HEAD' && random() < space.bodyShare) {
    const contentType = pick(random, space.contentTypes);
    if (contentType) headers['content-type'] = contentType;
    options.body = pick(random, space.bodies);
  }
  return { method, target: `${path}${query.length ? `?${query.join('&')}` : ''}`, options };
}

/**
 * No 5xx; an error with a body (HTML pages aside) is JSON in the platform's shape with the response's
 * status: `{ error, status, message }`, or at least `{ status, message }` on the identity host.
 */
export function expectWellFormed(res: TestResponse, target: string, label: string, host?: string): void {
  expect(res.status, label).toBeLessThan(500);
  // A foreign Host (DNS rebinding) never gets an answer from the simulation API, however it is spelt.
  if (host !== undefined && !isLoopbackHost(host) && requestPath(target).toLowerCase().startsWith('/_emulator')) {
    expect(res.status, `${label} (Host: ${host})`).toBeGreaterThanOrEqual(400);
  }
  if (res.status < 400 || res.text === '' || res.header('content-type')?.startsWith('text/html')) return;
  expect(res.header('content-type'), label).toMatch(/^application\/json/);
  const shape = { status: res.status, message: expect.any(String) };
  if (isIdentityPath(target)) expect(res.json, label).toEqual(expect.objectContaining(shape));
  else expect(res.json, label).toEqual({ error: expect.any(String), ...shape });
}

export function labelOf(request: FuzzRequest, length = 200): string {
  return `${request.method} ${request.target.slice(0, length)} ${request.options.body?.slice(0, 80) ?? ''}`;
}

/** Sends the requests `concurrency` at a time and checks every answer; answers the statuses. */
export async function sendAndCheck(baseUrl: string, requests: readonly FuzzRequest[], concurrency = 1): Promise<number[]> {
  const statuses: number[] = [];
  for (let start = 0; start < requests.length; start += concurrency) {
    const batch = requests.slice(start, start + concurrency);
    const responses = await Promise.all(batch.map((r) => call(`${baseUrl}${r.target}`, r.options)));
    responses.forEach((res, i) => expectWellFormed(res, batch[i]!.target, labelOf(batch[i]!), batch[i]!.options.headers?.host));
    statuses.push(...responses.map((r) => r.status));
  }
  expect(({} as Record<string, unknown>).polluted, 'Object.prototype was polluted').toBeUndefined();
  return statuses;
}

/** Draws `count` requests from `space` and sends them, `concurrency` at a time; answers the statuses. */
export function fuzz(baseUrl: string, random: Random, space: FuzzSpace, count: number, concurrency = 1): Promise<number[]> {
  return sendAndCheck(baseUrl, Array.from({ length: count }, () => randomRequest(random, space)), concurrency);
}
