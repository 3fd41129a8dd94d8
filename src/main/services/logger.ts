/** A small structured logger. Every line passes through `redact`, so a token cannot reach a log. */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** Field names whose values are secrets whatever they look like. */
const secretKeys = /token|secret|password|authorization|^code$|device_?code|stream_?key/i;
/** Secrets inside free text; group 1 is a prefix to keep (the scheme or the parameter name). */
const secretPatterns = [
  /(Bearer |OAuth )[\w.-]+/gi,
  /("(?:access_?token|refresh_?token|client_?secret|token|code|device_?code|stream_?key)"\s*:\s*)"[^"]*"/gi,
  /((?:access_token|refresh_token|client_secret|code|device_code|token)=)[^&#\s"]+/gi,
  /()live_\d+_\w+/g,
];

export function redact(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    if (key && secretKeys.test(key)) return '[redacted]';
    return secretPatterns.reduce((text, pattern) => text.replace(pattern, '$1[redacted]'), value);
  }
  // Items of an array named like a secret (`tokens: [...]`) are secrets too.
  if (Array.isArray(value)) return value.map((v) => redact(v, key));
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
