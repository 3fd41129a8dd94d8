/**
 * The JWTs an extension back-end service signs for the extension endpoints: HS256 with the
 * base64-decoded extension secret, claims `exp`, `user_id` and `role` (spec part 5 "Extension JWT").
 * Signed and verified by `jose`; what is said here is the platform's words for each failure, and the
 * claims jose does not know (`user_id`, `role`). Verification never throws: every failure is a
 * reason the caller turns into a 401.
 */
import { decodeProtectedHeader, errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

export interface ExtensionJwtClaims {
  exp: number;
  user_id: string;
  role: string;
  [claim: string]: unknown;
}

export type JwtVerification = { ok: true; claims: ExtensionJwtClaims } | { ok: false; message: string };

const malformed: JwtVerification = { ok: false, message: 'JWT is malformed' };
const badSignature: JwtVerification = { ok: false, message: 'JWT signature is invalid' };

/**
 * Verifies `token` against any of `secrets` (base64 contents) and checks the claims every extension
 * endpoint needs; `requiredRole` is the role the endpoint takes.
 */
export async function verifyExtensionJwt(token: string, secrets: readonly string[], nowMs: number, requiredRole = 'external'): Promise<JwtVerification> {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    return malformed;
  }
  if (token.split('.').length !== 3) return malformed;
  if (header.alg !== 'HS256') return { ok: false, message: 'JWT must be signed with HS256' };
  if (header.typ !== undefined && (typeof header.typ !== 'string' || header.typ.toUpperCase() !== 'JWT')) return malformed;
  if (secrets.length === 0) return { ok: false, message: 'JWT signature is invalid: the extension has no active secret' };

  for (const secret of secrets) {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, Buffer.from(secret, 'base64'), { algorithms: ['HS256'], currentDate: new Date(nowMs), requiredClaims: ['exp'] }));
    } catch (error) {
      if (error instanceof errors.JWSSignatureVerificationFailed) continue; // perhaps the next secret signed it
      return refusalOf(error);
    }
    return checkClaims(payload, requiredRole);
  }
  return badSignature;
}

/** jose's refusal in the platform's words. */
function refusalOf(error: unknown): JwtVerification {
  if (error instanceof errors.JWTExpired) return { ok: false, message: 'JWT has expired' };
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'exp') return { ok: false, message: error.reason === 'missing' ? 'JWT is missing the "exp" claim' : 'JWT claim "exp" must be a number' };
    if (error.claim === 'nbf') return { ok: false, message: 'JWT is not valid yet' };
    return malformed;
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return { ok: false, message: 'JWT must be signed with HS256' };
  // A key Web Crypto refuses (a secret that decodes to nothing) cannot have signed it.
  if (!(error instanceof errors.JOSEError)) return badSignature;
  return malformed;
}

function checkClaims(payload: JWTPayload, requiredRole: string): JwtVerification {
  const { user_id: userId, role } = payload;
  if (userId === undefined) return { ok: false, message: 'JWT is missing the "user_id" claim' };
  if (typeof userId !== 'string' || userId === '') return { ok: false, message: 'JWT claim "user_id" must be a non-empty string' };
  if (role === undefined) return { ok: false, message: 'JWT is missing the "role" claim' };
  if (role !== requiredRole) return { ok: false, message: `JWT role must be "${requiredRole}"` };
  return { ok: true, claims: payload as ExtensionJwtClaims };
}

/** Signs claims as an extension back-end service would (tests, demo tooling). */
export function signExtensionJwt(claims: Record<string, unknown>, secretBase64: string, header: { alg: string; [parameter: string]: unknown } = { alg: 'HS256', typ: 'JWT' }): Promise<string> {
  return new SignJWT(claims).setProtectedHeader(header).sign(Buffer.from(secretBase64, 'base64'));
}
