/**
 * The JWTs an extension back-end service signs for the extension endpoints: HS256 with the
 * base64-decoded extension secret, claims `exp`, `user_id` and `role` (spec part 5 "Extension JWT").
 * Verification never throws: every failure is a reason the caller turns into a 401.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface ExtensionJwtClaims {
  exp: number;
  user_id: string;
  role: string;
  [claim: string]: unknown;
}

export type JwtVerification = { ok: true; claims: ExtensionJwtClaims } | { ok: false; message: string };

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decodeSegment(segment: string): Buffer | null {
  if (!BASE64URL.test(segment) || segment.length % 4 === 1) return null;
  return Buffer.from(segment, 'base64url');
}

function parseJsonObject(bytes: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function hs256(signingInput: string, key: Buffer): Buffer {
  return createHmac('sha256', key).update(signingInput).digest();
}

/**
 * Verifies `token` against any of `secrets` (base64 contents) and checks the claims every extension
 * endpoint needs; `requiredRole` is the role the endpoint takes.
 */
export function verifyExtensionJwt(token: string, secrets: readonly string[], nowMs: number, requiredRole = 'external'): JwtVerification {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, message: 'JWT is malformed' };
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const headerBytes = decodeSegment(headerPart);
  const payloadBytes = decodeSegment(payloadPart);
  const header = headerBytes && parseJsonObject(headerBytes);
  const payload = payloadBytes && parseJsonObject(payloadBytes);
  if (!header || !payload) return { ok: false, message: 'JWT is malformed' };
  if (header.alg !== 'HS256') return { ok: false, message: 'JWT must be signed with HS256' };
  if (header.typ !== undefined && (typeof header.typ !== 'string' || header.typ.toUpperCase() !== 'JWT')) {
    return { ok: false, message: 'JWT is malformed' };
  }

  const signature = signaturePart === '' ? null : decodeSegment(signaturePart);
  if (!signature || signature.length !== 32) return { ok: false, message: 'JWT signature is invalid' };
  if (secrets.length === 0) return { ok: false, message: 'JWT signature is invalid: the extension has no active secret' };
  const signingInput = `${headerPart}.${payloadPart}`;
  const signed = secrets.some((secret) => timingSafeEqual(hs256(signingInput, Buffer.from(secret, 'base64')), signature));
  if (!signed) return { ok: false, message: 'JWT signature is invalid' };

  const { exp, nbf, user_id: userId, role } = payload;
  if (exp === undefined) return { ok: false, message: 'JWT is missing the "exp" claim' };
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return { ok: false, message: 'JWT claim "exp" must be a number' };
  if (exp * 1000 <= nowMs) return { ok: false, message: 'JWT has expired' };
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf * 1000 > nowMs)) return { ok: false, message: 'JWT is not valid yet' };
  if (userId === undefined) return { ok: false, message: 'JWT is missing the "user_id" claim' };
  if (typeof userId !== 'string' || userId === '') return { ok: false, message: 'JWT claim "user_id" must be a non-empty string' };
  if (role === undefined) return { ok: false, message: 'JWT is missing the "role" claim' };
  if (role !== requiredRole) return { ok: false, message: `JWT role must be "${requiredRole}"` };
  return { ok: true, claims: payload as ExtensionJwtClaims };
}

/** Signs claims as an extension back-end service would (tests, demo tooling). */
export function signExtensionJwt(claims: Record<string, unknown>, secretBase64: string, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signingInput = `${encode(header)}.${encode(claims)}`;
  return `${signingInput}.${hs256(signingInput, Buffer.from(secretBase64, 'base64')).toString('base64url')}`;
}
