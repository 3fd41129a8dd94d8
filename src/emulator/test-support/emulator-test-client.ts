/** A small HTTP client for the emulator's own tests: real requests, no redirects followed. */
import { request } from 'undici';

export interface TestResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON shapes
  json: any;
  header(name: string): string | undefined;
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
  headers?: Record<string, string>;
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent as an application/x-www-form-urlencoded body. */
  form?: Record<string, string>;
  /** Sent as is. */
  body?: string;
}

export async function call(url: string, options: CallOptions = {}): Promise<TestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined = options.body;
  if (options.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form !== undefined) {
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const response = await request(url, { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  const text = await response.body.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  const responseHeaders = response.headers as Record<string, string | string[] | undefined>;
  return {
    status: response.statusCode,
    headers: responseHeaders,
    text,
    json,
    header(name) {
      const value = responseHeaders[name.toLowerCase()];
      return Array.isArray(value) ? value[0] : value;
    },
  };
}

export function helixHeaders(token: string, clientId: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'client-id': clientId };
}

/** The query and fragment parameters of a redirect's Location. */
export function redirectParams(location: string | undefined): { url: URL; query: URLSearchParams; fragment: URLSearchParams } {
  if (!location) throw new Error('no Location header');
  const url = new URL(location);
  return { url, query: url.searchParams, fragment: new URLSearchParams(url.hash.slice(1)) };
}

/** Reads the hidden fields of the consent form, as a browser would submit them. */
export function consentFormFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1]!] = decodeEntities(match[2]!);
  }
  return fields;
}

function decodeEntities(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
