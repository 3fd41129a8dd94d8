/**
 * What the platform keeps for every client acting as an extension (spec 4.14, part 3 "Extension
 * secrets"): its secret set, its activations per channel, its configuration segments, the rate
 * windows of the configuration calls, its owner (whose analytics it is) and the analytics report
 * downloads handed out (spec 4.3).
 *
 * A record is created on first use from the client's `extensionSecret`, so every client can act as an
 * extension without a separate registration.
 */
import { randomBytes } from 'node:crypto';
import * as ids from '../../ids';
import type { Client } from './clients';

/** Secrets that never rotate are shown expiring a century later, as the platform does. */
export const SECRET_LIFETIME_MS = 100 * 365 * 24 * 60 * 60 * 1000;
export const MIN_ACTIVATION_DELAY_S = 300;
export const CONFIGURATION_SEGMENT_MAX_BYTES = 5 * 1024;
export const CONFIGURATION_SETS_PER_MINUTE = 20;
export const CONFIGURATION_READS_PER_MINUTE = 20;
export const ANALYTICS_URL_LIFETIME_MS = 5 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

export interface ExtensionSecret {
  /** base64 */
  content: string;
  /** ms; used to verify JWTs from this instant on. */
  active: number;
  /** ms; no longer used from this instant on. */
  expires: number;
}

export type SegmentType = 'global' | 'developer' | 'broadcaster';
export const SEGMENT_TYPES: readonly SegmentType[] = ['global', 'developer', 'broadcaster'];

export interface ConfigurationRecord {
  segment: SegmentType;
  /** Null for the global segment. */
  channelId: string | null;
  content: string;
  version: string;
}

export interface ChannelActivation {
  channelId: string;
  /** The extension version the required configuration was set for; null when never set. */
  version: string | null;
  requiredConfiguration: string | null;
  /** Activated by the broadcaster (simulation API): shown in the live channel lists while live. */
  activated: boolean;
  activatedAt: number | null;
}

export type AnalyticsReportType = 'overview_v1' | 'overview_v2';
export const ANALYTICS_REPORT_TYPES: readonly AnalyticsReportType[] = ['overview_v1', 'overview_v2'];

/** A download handed out by Get Extension Analytics; valid for five minutes. */
export interface AnalyticsDownload {
  id: string;
  extensionId: string;
  type: AnalyticsReportType;
  /** UTC midnights, ms; both days included. */
  startDay: number;
  endDay: number;
  expiresAt: number;
}

export interface ExtensionRecord {
  clientId: string;
  /** The user who owns the extension: Get Extension Analytics lists it for them. */
  ownerId: string | null;
  /** UTC midnight (ms) of the first day with analytics data. */
  analyticsSince: number;
  /** In order of activation; revoked: empty. */
  secrets: ExtensionSecret[];
  activations: Map<string, ChannelActivation>;
  /** Keyed `global`, `developer:<channel_id>`, `broadcaster:<channel_id>`. */
  configurations: Map<string, ConfigurationRecord>;
  /** Times (ms) of the configuration sets in the last minute. */
  recentSets: number[];
  /** Per channel ('' = global): times (ms) of the configuration reads in the last minute. */
  recentReads: Map<string, number[]>;
}

export function configurationKey(segment: SegmentType, channelId: string | null): string {
  return segment === 'global' ? 'global' : `${segment}:${channelId ?? ''}`;
}

export function utcDay(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

export class ExtensionStore {
  private readonly byClient = new Map<string, ExtensionRecord>();
  private readonly downloads = new Map<string, AnalyticsDownload>();

  /** The client's extension record, created on first use with the client's secret active since its creation. */
  get(client: Client): ExtensionRecord {
    let record = this.byClient.get(client.clientId);
    if (!record) {
      record = {
        clientId: client.clientId,
        ownerId: null,
        analyticsSince: utcDay(client.createdAt),
        secrets: [{ content: client.extensionSecret, active: client.createdAt, expires: client.createdAt + SECRET_LIFETIME_MS }],
        activations: new Map(),
        configurations: new Map(),
        recentSets: [],
        recentReads: new Map(),
      };
      this.byClient.set(client.clientId, record);
    }
    return record;
  }

  /** Records already created, i.e. clients that were used as extensions. */
  list(): ExtensionRecord[] {
    return [...this.byClient.values()];
  }

  /** The secrets not yet expired, oldest first: what the secret endpoints answer. */
  currentSecrets(record: ExtensionRecord, now: number): ExtensionSecret[] {
    record.secrets = record.secrets.filter((s) => s.expires > now);
    return [...record.secrets].sort((a, b) => a.active - b.active);
  }

  /** The secrets a JWT may be signed with right now: `active <= now < expires`. */
  verifyingSecrets(record: ExtensionRecord, now: number): ExtensionSecret[] {
    return record.secrets.filter((s) => s.active <= now && now < s.expires);
  }

  /**
   * Create Extension Secret: the new secret becomes active after the delay, and every secret still in
   * use expires at that instant.
   */
  rotate(record: ExtensionRecord, now: number, delaySeconds: number, content: string = newSecretContent()): ExtensionSecret[] {
    const switchAt = now + Math.max(delaySeconds, MIN_ACTIVATION_DELAY_S) * 1000;
    this.addSecret(record, now, switchAt, content);
    return this.currentSecrets(record, now);
  }

  /** A secret as created in the developer console (simulation API): active after `delaySeconds` (0: at once). */
  addSecret(record: ExtensionRecord, now: number, activeAt: number, content: string = newSecretContent()): ExtensionSecret {
    for (const secret of record.secrets) {
      if (secret.expires > activeAt) secret.expires = Math.max(activeAt, now);
    }
    const secret: ExtensionSecret = { content, active: activeAt, expires: activeAt + SECRET_LIFETIME_MS };
    // A pending secret overtaken before it became active is never used: drop it.
    record.secrets = record.secrets.filter((s) => s.expires > now && s.expires > s.active);
    record.secrets.push(secret);
    return secret;
  }

  revokeSecrets(record: ExtensionRecord): void {
    record.secrets = [];
  }

  activation(record: ExtensionRecord, channelId: string): ChannelActivation {
    let activation = record.activations.get(channelId);
    if (!activation) {
      activation = { channelId, version: null, requiredConfiguration: null, activated: false, activatedAt: null };
      record.activations.set(channelId, activation);
    }
    return activation;
  }

  /** True and counted when another configuration set fits in the last minute's window. */
  takeConfigurationSet(record: ExtensionRecord, now: number): boolean {
    record.recentSets = record.recentSets.filter((t) => t > now - MINUTE_MS);
    if (record.recentSets.length >= CONFIGURATION_SETS_PER_MINUTE) return false;
    record.recentSets.push(now);
    return true;
  }

  /** True and counted when another configuration read of the channel ('' = global) fits in the window. */
  takeConfigurationRead(record: ExtensionRecord, channelKey: string, now: number): boolean {
    const recent = (record.recentReads.get(channelKey) ?? []).filter((t) => t > now - MINUTE_MS);
    if (recent.length >= CONFIGURATION_READS_PER_MINUTE) {
      record.recentReads.set(channelKey, recent);
      return false;
    }
    recent.push(now);
    record.recentReads.set(channelKey, recent);
    return true;
  }

  /** When the configuration-set window has room again (ms). */
  configurationSetsResetAt(record: ExtensionRecord): number {
    return (record.recentSets[0] ?? 0) + MINUTE_MS;
  }

  addDownload(input: Omit<AnalyticsDownload, 'id' | 'expiresAt'>, now: number): AnalyticsDownload {
    for (const [id, download] of this.downloads) if (download.expiresAt <= now) this.downloads.delete(id);
    const download: AnalyticsDownload = { ...input, id: randomBytes(16).toString('hex'), expiresAt: now + ANALYTICS_URL_LIFETIME_MS };
    this.downloads.set(download.id, download);
    return download;
  }

  download(id: string): AnalyticsDownload | undefined {
    return this.downloads.get(id);
  }
}

export function newSecretContent(): string {
  return ids.extensionSecret();
}
