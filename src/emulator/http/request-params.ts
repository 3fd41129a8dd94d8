import { badRequest, invalidParameter, missingParameter } from '../domain/api-error';

type RawValue = string | string[] | undefined;

/**
 * Query (or form) parameters, where a name may be given once per value (`id=1&id=2`).
 * Readers throw the platform's 400 naming the parameter.
 */
export class RequestParams {
  private readonly values: Record<string, string[]>;

  constructor(...sources: unknown[]) {
    this.values = Object.create(null) as Record<string, string[]>;
    for (const source of sources) {
      if (source === null || typeof source !== 'object' || Array.isArray(source)) continue;
      for (const [name, raw] of Object.entries(source as Record<string, unknown>)) {
        const list = toStrings(raw);
        if (list.length > 0) this.values[name] = list;
      }
    }
  }

  has(name: string): boolean {
    return name in this.values;
  }

  /** Every value given for `name`, in request order. */
  all(name: string): string[] {
    return this.values[name] ?? [];
  }

  /** The first value, or undefined. */
  one(name: string): string | undefined {
    return this.values[name]?.[0];
  }

  required(name: string): string {
    const value = this.one(name);
    if (value === undefined || value === '') throw missingParameter(name);
    return value;
  }

  /** A decimal integer; an empty value counts as absent. */
  integer(name: string, options: { min?: number; max?: number; default: number }): number;
  integer(name: string, options: { min?: number; max?: number; default?: undefined }): number | undefined;
  integer(name: string, options: { min?: number; max?: number; default?: number }): number | undefined {
    const raw = this.one(name);
    if (raw === undefined || raw === '') return options.default;
    // Decimal digits with an optional sign, as the platform's parser takes them (`+5`, `05`); no
    // fraction, exponent or spaces.
    if (!/^[+-]?\d+$/.test(raw)) throw invalidParameter(name, 'must be an integer');
    const value = Number(raw);
    if (options.min !== undefined && value < options.min) throw invalidParameter(name, `must be at least ${options.min}`);
    if (options.max !== undefined && value > options.max) throw invalidParameter(name, `must be at most ${options.max}`);
    return value;
  }

  /** `true` or `false` in any letter case (`True`, `FALSE`), as the platform takes them. */
  boolean(name: string, fallback: boolean): boolean {
    const raw = this.one(name);
    if (raw === undefined || raw === '') return fallback;
    const lower = raw.toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
    throw invalidParameter(name, 'must be true or false');
  }
}

function toStrings(raw: unknown): string[] {
  const value = raw as RawValue | number | boolean | null;
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  return [];
}

/** A JSON request body that must be an object, e.g. `{ "status": "FULFILLED" }`. */
export function jsonObjectBody(body: unknown): Record<string, unknown> {
  if (body === undefined) throw badRequest('Missing request body');
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('Request body must be a JSON object');
  return body as Record<string, unknown>;
}

