/** A small structured logger. Every line passes through `redact`, so a token cannot reach a log. */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const secretKeys = /token|secret|password|authorization|code|stream_?key/i;
const secretValues = [
  /(Bearer|OAuth)\s+[\w.-]+/gi,
  /((?:access_token|refresh_token|client_secret|code|device_code|token)=)[^&#\s"]+/gi,
  /live_\d+_\w+/g,
];

export function redact(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    if (key && secretKeys.test(key)) return '[redacted]';
    return secretValues.reduce((s, re) => s.replace(re, (_m, p1: string) => `${p1 && !p1.startsWith('live_') ? p1 : ''}[redacted]`), value);
  }
  if (Array.isArray(value)) return value.map((v) => redact(v));
  if (value && typeof value === 'object') {
    if (value instanceof Error) return { name: value.name, message: redact(value.message) };
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redact(v, k)]));
  }
  return value;
}

export function createConsoleLogger(name: string, minLevel: 'debug' | 'info' | 'warn' | 'error' = 'info'): Logger {
  const order = ['debug', 'info', 'warn', 'error'] as const;
  const write = (level: (typeof order)[number]) => (message: string, fields?: Record<string, unknown>) => {
    if (order.indexOf(level) < order.indexOf(minLevel)) return;
    const line = `[${name}] ${level} ${redact(message) as string}${fields ? ` ${JSON.stringify(redact(fields))}` : ''}`;
    (level === 'error' || level === 'warn' ? console.error : console.log)(line);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
