import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signExtensionJwt, verifyExtensionJwt } from './extension-jwt';

const SECRET = Buffer.from('a shared extension secret, 32 b!').toString('base64');
const OTHER = Buffer.from('another secret entirely........').toString('base64');
const NOW = Date.UTC(2024, 4, 1, 12, 0, 0);
const claims = { exp: NOW / 1000 + 60, user_id: '501234567', role: 'external' };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function failure(token: string | Promise<string>, secrets = [SECRET], now = NOW): Promise<string> {
  const result = await verifyExtensionJwt(await token, secrets, now);
  if (result.ok) throw new Error('expected the JWT to fail');
  return result.message;
}

describe('verifyExtensionJwt', () => {
  it('accepts an HS256 token signed with the base64-decoded secret', async () => {
    const token = await signExtensionJwt(claims, SECRET);
    // The key is the decoded bytes, not the base64 text.
    const [h, p, s] = token.split('.');
    expect(createHmac('sha256', Buffer.from(SECRET, 'base64')).update(`${h}.${p}`).digest('base64url')).toBe(s);
    expect(await verifyExtensionJwt(token, [SECRET], NOW)).toEqual({ ok: true, claims });
  });

  it('accepts any of several secrets, and extra claims', async () => {
    const token = await signExtensionJwt({ ...claims, channel_id: '1', pubsub_perms: { send: ['broadcast'] } }, SECRET);
    expect((await verifyExtensionJwt(token, [OTHER, SECRET], NOW)).ok).toBe(true);
  });

  it('refuses a signature made with another secret, or with the base64 text as key', async () => {
    expect(await failure(signExtensionJwt(claims, OTHER))).toBe('JWT signature is invalid');
    const [h, p] = (await signExtensionJwt(claims, SECRET)).split('.');
    const textKey = createHmac('sha256', SECRET).update(`${h}.${p}`).digest('base64url');
    expect(await failure(`${h}.${p}.${textKey}`)).toBe('JWT signature is invalid');
  });

  it('refuses a tampered payload', async () => {
    const [h, , s] = (await signExtensionJwt(claims, SECRET)).split('.');
    expect(await failure(`${h}.${b64({ ...claims, user_id: '1' })}.${s}`)).toBe('JWT signature is invalid');
  });

  it('refuses alg none, unsigned tokens and other algorithms', async () => {
    expect(await failure(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`)).toBe('JWT must be signed with HS256');
    expect(await failure(`${b64({ alg: 'HS256' })}.${b64(claims)}.`)).toBe('JWT signature is invalid');
    expect(await failure(signExtensionJwt(claims, SECRET, { alg: 'HS512', typ: 'JWT' }))).toBe('JWT must be signed with HS256');
    expect(await failure(`${b64({ typ: 'JWT' })}.${b64(claims)}.x`)).toBe('JWT must be signed with HS256');
  });

  it('needs exp, in the future on the given clock', async () => {
    const { exp: _exp, ...noExp } = claims;
    expect(await failure(signExtensionJwt(noExp, SECRET))).toBe('JWT is missing the "exp" claim');
    expect(await failure(signExtensionJwt({ ...claims, exp: '9999999999' }, SECRET))).toBe('JWT claim "exp" must be a number');
    expect(await failure(signExtensionJwt({ ...claims, exp: NOW / 1000 }, SECRET))).toBe('JWT has expired');
    expect((await verifyExtensionJwt(await signExtensionJwt({ ...claims, exp: NOW / 1000 + 1 }, SECRET), [SECRET], NOW)).ok).toBe(true);
    expect(await failure(signExtensionJwt(claims, SECRET), [SECRET], NOW + 61_000)).toBe('JWT has expired');
  });

  it('honours nbf', async () => {
    expect(await failure(signExtensionJwt({ ...claims, nbf: NOW / 1000 + 10 }, SECRET))).toBe('JWT is not valid yet');
    expect((await verifyExtensionJwt(await signExtensionJwt({ ...claims, nbf: NOW / 1000 }, SECRET), [SECRET], NOW)).ok).toBe(true);
  });

  it('needs user_id and role external', async () => {
    const { user_id: _u, ...noUser } = claims;
    const { role: _r, ...noRole } = claims;
    expect(await failure(signExtensionJwt(noUser, SECRET))).toBe('JWT is missing the "user_id" claim');
    expect(await failure(signExtensionJwt({ ...claims, user_id: 501234567 }, SECRET))).toBe('JWT claim "user_id" must be a non-empty string');
    expect(await failure(signExtensionJwt(noRole, SECRET))).toBe('JWT is missing the "role" claim');
    expect(await failure(signExtensionJwt({ ...claims, role: 'broadcaster' }, SECRET))).toBe('JWT role must be "external"');
  });

  it('answers garbage with a reason, never an exception', async () => {
    const garbage = ['', 'x', 'a.b', 'a.b.c.d', '...', '!!.!!.!!', `${b64('str')}.${b64(claims)}.x`, `${b64({ alg: 'HS256' })}.${b64([1])}.x`,
      `${b64({ alg: 'HS256' })}.bm90IGpzb24.x`, `${b64({ alg: 'HS256', typ: 1 })}.${b64(claims)}.x`, 'a'.repeat(10_000)];
    for (const token of garbage) {
      const result = await verifyExtensionJwt(token, [SECRET], NOW);
      expect(result.ok, token.slice(0, 40)).toBe(false);
    }
    expect(await failure('a.b')).toBe('JWT is malformed');
    expect(await failure(`${b64({ alg: 'HS256' })}.${b64(claims)}.AAAA`)).toBe('JWT signature is invalid');
  });

  it('fails every token when there is no secret', async () => {
    expect(await failure(signExtensionJwt(claims, SECRET), [])).toBe('JWT signature is invalid: the extension has no active secret');
  });
});
