/**
 * The extension endpoints' gate (spec 4.14): `Client-Id` equal to the extension's client ID, then
 * `Authorization: Bearer <signed JWT>` verified with a secret active on the emulator clock.
 */
import type { FastifyRequest } from 'fastify';
import { notFound, unauthorized } from '../domain/api-error';
import type { Client } from '../domain/stores/clients';
import type { EmulatorState } from '../domain/emulator-state';
import type { ExtensionRecord } from '../domain/stores/extensions';
import { verifyExtensionJwt, type ExtensionJwtClaims } from './extension-jwt';

export interface ExtensionCaller {
  client: Client;
  record: ExtensionRecord;
  claims: ExtensionJwtClaims;
}

export function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The client acting as the extension, or 404. */
export function extensionFor(state: EmulatorState, clientId: string): { client: Client; record: ExtensionRecord } {
  const client = state.clients.get(clientId);
  if (!client) throw notFound(`Extension "${clientId.slice(0, 64)}" not found`);
  return { client, record: state.extensions.get(client) };
}

export async function authenticateExtension(request: FastifyRequest, state: EmulatorState, clientId: string, now: number): Promise<ExtensionCaller> {
  const clientIdHeader = headerValue(request, 'client-id')?.trim();
  if (!clientIdHeader) throw unauthorized('Client-Id header is missing');
  if (clientIdHeader !== clientId) throw unauthorized('Client-Id header does not match the extension');
  const { client, record } = extensionFor(state, clientId);

  const authorization = headerValue(request, 'authorization');
  if (authorization === undefined || authorization.trim() === '') throw unauthorized('JWT is missing');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match?.[1]) throw unauthorized('Authorization must be "Bearer <signed JWT>"');

  const secrets = state.extensions.verifyingSecrets(record, now).map((s) => s.content);
  const result = await verifyExtensionJwt(match[1], secrets, now);
  if (!result.ok) throw unauthorized(result.message);
  return { client, record, claims: result.claims };
}
