/**
 * Test support: an undici dispatcher that records every request the code under test sends (to the
 * emulator or anything else), so that a test can count calls and read their parameters without a
 * stand-in server.
 */
import { Agent, type Dispatcher } from 'undici';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** A form body, parsed; empty for other bodies. */
  form: URLSearchParams;
  authorization: string | undefined;
  clientIdHeader: string | undefined;
}

export interface RecordingDispatcher {
  readonly dispatcher: Dispatcher;
  readonly requests: RecordedRequest[];
  count(path: string): number;
  find(path: string): RecordedRequest | undefined;
  /** Every token, code and secret the requests carried, to prove none reaches a log or a state. */
  secrets(): Set<string>;
  close(): Promise<void>;
}

export function createRecordingDispatcher(): RecordingDispatcher {
  const agent = new Agent();
  const requests: RecordedRequest[] = [];
  const dispatcher = agent.compose((dispatch) => (options, handler) => {
    const url = new URL(options.path, String(options.origin ?? 'http://127.0.0.1'));
    const headers = headerRecord(options.headers);
    requests.push({
      method: options.method,
      path: url.pathname,
      query: url.searchParams,
      form: new URLSearchParams(typeof options.body === 'string' && /x-www-form-urlencoded/.test(headers['content-type'] ?? '') ? options.body : ''),
      authorization: headers.authorization,
      clientIdHeader: headers['client-id'],
    });
    return dispatch(options, handler);
  });
  return {
    dispatcher,
    requests,
    count: (path) => requests.filter((r) => r.path === path).length,
    find: (path) => requests.find((r) => r.path === path),
    secrets() {
      const found = new Set<string>();
      for (const r of requests) {
        const bearer = /^(?:Bearer|OAuth) (.+)$/.exec(r.authorization ?? '')?.[1];
        if (bearer) found.add(bearer);
        for (const params of [r.query, r.form]) {
          for (const name of ['code', 'refresh_token', 'client_secret', 'token', 'device_code']) {
            const value = params.get(name);
            if (value) found.add(value);
          }
        }
      }
      return found;
    },
    close: () => agent.close(),
  };
}

function headerRecord(headers: Dispatcher.DispatchOptions['headers']): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  if (!headers) return out;
  const entries: [string, unknown][] = Array.isArray(headers)
    ? pairs(headers as string[])
    : Symbol.iterator in Object(headers)
      ? [...(headers as Iterable<[string, unknown]>)]
      : Object.entries(headers as Record<string, unknown>);
  for (const [name, value] of entries) out[name.toLowerCase()] = Array.isArray(value) ? String(value[0]) : value === undefined ? undefined : String(value);
  return out;
}

function pairs(flat: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i]!, flat[i + 1]!]);
  return out;
}
