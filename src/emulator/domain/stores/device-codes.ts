import * as ids from '../../ids';

export const DEVICE_CODE_LIFETIME_S = 1800;
export const DEVICE_POLL_INTERVAL_S = 5;

export type DeviceCodeStatus = 'pending' | 'approved' | 'denied';

export interface DeviceCode {
  deviceCode: string;
  /** 8 upper-case letters, what the user types on the activation page. */
  userCode: string;
  clientId: string;
  scopes: string[];
  expiresAt: number;
  status: DeviceCodeStatus;
  userId: string | null;
}

export class DeviceCodeStore {
  private readonly byDeviceCode = new Map<string, DeviceCode>();
  private readonly byUserCode = new Map<string, DeviceCode>();

  create(input: { clientId: string; scopes: readonly string[] }, now: number): DeviceCode {
    const deviceCode = ids.unusedId(ids.deviceCode, this.byDeviceCode);
    const userCode = ids.unusedId(ids.userCode, this.byUserCode);
    const record: DeviceCode = {
      deviceCode,
      userCode,
      clientId: input.clientId,
      scopes: [...input.scopes],
      expiresAt: now + DEVICE_CODE_LIFETIME_S * 1000,
      status: 'pending',
      userId: null,
    };
    this.byDeviceCode.set(deviceCode, record);
    this.byUserCode.set(userCode, record);
    return record;
  }

  findByDeviceCode(deviceCode: string, now: number): DeviceCode | undefined {
    return this.alive(this.byDeviceCode.get(deviceCode), now);
  }

  /** Accepts the code as people type it: any case, with spaces or a dash. */
  findByUserCode(userCode: string, now: number): DeviceCode | undefined {
    return this.alive(this.byUserCode.get(normalizeUserCode(userCode)), now);
  }

  approve(record: DeviceCode, userId: string): void {
    record.status = 'approved';
    record.userId = userId;
  }

  deny(record: DeviceCode): void {
    record.status = 'denied';
  }

  /** A device code yields tokens once. */
  spend(record: DeviceCode): void {
    this.byDeviceCode.delete(record.deviceCode);
    this.byUserCode.delete(record.userCode);
  }

  countPending(now: number): number {
    let n = 0;
    for (const r of this.byDeviceCode.values()) if (r.status === 'pending' && r.expiresAt > now) n++;
    return n;
  }

  private alive(record: DeviceCode | undefined, now: number): DeviceCode | undefined {
    if (!record) return undefined;
    if (record.expiresAt <= now) {
      this.spend(record);
      return undefined;
    }
    return record;
  }
}

export function normalizeUserCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}
