import * as ids from '../../ids';
import { unexpired } from './unexpired';

export const AUTHORIZATION_CODE_LIFETIME_S = 10 * 60;

export interface AuthorizationCode {
  code: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  userId: string;
  expiresAt: number;
}

/** Codes of the authorization-code flow: single-use, bound to client, redirect URI, scopes and user. */
export class AuthorizationCodeStore {
  private readonly codes = new Map<string, AuthorizationCode>();

  create(input: Omit<AuthorizationCode, 'code' | 'expiresAt'>, now: number): AuthorizationCode {
    const code = ids.unusedId(ids.authorizationCode, this.codes);
    const record: AuthorizationCode = { ...input, scopes: [...input.scopes], code, expiresAt: now + AUTHORIZATION_CODE_LIFETIME_S * 1000 };
    this.codes.set(code, record);
    return record;
  }

  /** The unexpired code, without spending it. */
  find(code: string, now: number): AuthorizationCode | undefined {
    return unexpired(this.codes, code, now);
  }

  spend(code: string): void {
    this.codes.delete(code);
  }

  get size(): number {
    return this.codes.size;
  }
}
