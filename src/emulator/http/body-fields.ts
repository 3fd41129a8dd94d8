/**
 * Readers of the fields of a current-API JSON body (polls, predictions...): each throws the
 * platform's 400 naming the field, as the query's `RequestParams` readers do.
 */
import { invalidParameter, missingParameter } from '../domain/api-error';

export function requiredString(fields: Record<string, unknown>, name: string): string {
  return stringValue(fields[name], name);
}

/** Length in characters as a person counts them (code points, so an emoji is one), as the platform counts text limits. */
export function characterCount(text: string): number {
  return [...text].length;
}

/** A string of 1 to `max` characters once trimmed (counted in code points, as the platform counts characters). */
export function boundedText(fields: Record<string, unknown>, name: string, max: number, label: string = name): string {
  const value = stringValue(fields[name], label).trim();
  const length = characterCount(value);
  if (length === 0) throw missingParameter(label);
  if (length > max) throw invalidParameter(label, `must be at most ${max} characters`);
  return value;
}

function stringValue(value: unknown, name: string): string {
  if (value === undefined || value === null || value === '') throw missingParameter(name);
  if (typeof value !== 'string') throw invalidParameter(name, 'must be a string');
  return value;
}

export function requiredInteger(fields: Record<string, unknown>, name: string, min: number, max: number): number {
  const value = fields[name];
  if (value === undefined || value === null) throw missingParameter(name);
  return integerIn(value, name, min, max);
}

export function optionalInteger(fields: Record<string, unknown>, name: string, min: number, max: number): number | undefined {
  const value = fields[name];
  if (value === undefined || value === null) return undefined;
  return integerIn(value, name, min, max);
}

export function optionalBoolean(fields: Record<string, unknown>, name: string): boolean | undefined {
  const value = fields[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw invalidParameter(name, 'must be true or false');
  return value;
}

/** An array of objects each with a `title` of at most `max` characters; `count` bounds the array. */
export function titledItems(fields: Record<string, unknown>, name: string, count: { min: number; max: number }, max: number): string[] {
  const value = fields[name];
  if (value === undefined || value === null) throw missingParameter(name);
  if (!Array.isArray(value)) throw invalidParameter(name, 'must be an array');
  if (value.length < count.min || value.length > count.max) throw invalidParameter(name, `must hold ${count.min} to ${count.max} items`);
  return value.map((item: unknown, i) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) throw invalidParameter(`${name}[${i}]`, 'must be an object with a title');
    return boundedText(item as Record<string, unknown>, 'title', max, `${name}[${i}].title`);
  });
}

function integerIn(value: unknown, name: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw invalidParameter(name, 'must be an integer');
  if (value < min || value > max) throw invalidParameter(name, `must be from ${min} to ${max}`);
  return value;
}
