/**
 * How the simulation API reads a request body. Its routes declare their body schemas with
 * `z.lazy(...)`: a zod schema costs its construction as its module is evaluated, and the simulation
 * API's thousand-odd schema objects were built at every start of the emulator (and of the demo
 * dock, which runs it in-process) though most starts never receive a simulation request; wrapped,
 * each is built on its first request and kept. The small field schemas several bodies share (`userId`,
 * `rfc3339`...) stay plain: a few objects each.
 */
import type { z } from 'zod';
import { badRequest } from '../domain/api-error';

/**
 * Parses a simulation API body with a zod schema; the first problem becomes a 400 naming the field.
 * No body counts as an empty object, so a missing field is reported as missing.
 */
export function parseSimulationBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const input = body === undefined || body === '' ? {} : body;
  if (input === null || typeof input !== 'object' || Array.isArray(input)) throw badRequest('Request body must be a JSON object');
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw badRequest('Invalid request body');
  if (issue.code === 'unrecognized_keys') throw badRequest(`Unknown field "${issue.keys.join('", "')}"`);
  const field = issue.path.map(String).join('.');
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) throw badRequest(`Missing required field "${field}"`);
  throw badRequest(field ? `Invalid field "${field}": ${issue.message}` : issue.message);
}

