/**
 * The extension back end's rules, shared by its two path layouts: the spec's
 * `{base_url}/extensions/<client_id>/...` and the current API's `/helix/extensions/...`.
 */
import { toRfc3339 } from '../clock';
import { ApiError, badRequest, invalidParameter, missingParameter } from '../http/api-error';
import { isNumericId } from '../ids';
import type { EmulatorState } from './emulator-state';
import {
  CONFIGURATION_SEGMENT_MAX_BYTES,
  CONFIGURATION_SETS_PER_MINUTE,
  CONFIGURATION_READS_PER_MINUTE,
  configurationKey,
  SEGMENT_TYPES,
  type ConfigurationRecord,
  type ExtensionRecord,
  type ExtensionSecret,
  type SegmentType,
} from './extensions';
import type { Stream } from './streams';
import type { User } from './users';

/** Largest activation delay taken (a century): keeps every timestamp representable. */
export const MAX_ACTIVATION_DELAY_S = 100 * 365 * 24 * 60 * 60;

export function legacySecretSet(secrets: readonly ExtensionSecret[]) {
  return {
    format_version: 1,
    secrets: secrets.map((s) => ({ active: toRfc3339(s.active), content: s.content, expires: toRfc3339(s.expires) })),
  };
}

export function helixSecretSet(secrets: readonly ExtensionSecret[]) {
  return {
    data: [
      {
        format_version: 1,
        secrets: secrets.map((s) => ({ content: s.content, active_at: toRfc3339(s.active), expires_at: toRfc3339(s.expires) })),
      },
    ],
  };
}

/** An activation delay in seconds; absent: 300; below 300 is taken as 300 by the store. */
export function parseActivationDelay(raw: unknown, name: string): number {
  if (raw === undefined || raw === null || raw === '') return 300;
  const value = typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw invalidParameter(name, 'must be an integer');
  if (value > MAX_ACTIVATION_DELAY_S) throw invalidParameter(name, `must be at most ${MAX_ACTIVATION_DELAY_S}`);
  return value;
}

/** A channel (broadcaster) ID parameter that must name an existing user. */
export function channelParameter(state: EmulatorState, raw: unknown, name: string): User {
  if (raw === undefined || raw === null || raw === '') throw missingParameter(name);
  if (typeof raw !== 'string' || !isNumericId(raw)) throw invalidParameter(name, 'must be a numeric user ID');
  const user = state.users.get(raw);
  if (!user) throw invalidParameter(name, `no channel has the ID "${raw}"`);
  return user;
}

export function optionalString(raw: unknown, name: string): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string') throw invalidParameter(name, 'must be a string');
  return raw;
}

export function segmentParameter(raw: unknown, name = 'segment'): SegmentType {
  if (raw === undefined || raw === null || raw === '') throw missingParameter(name);
  if (typeof raw !== 'string' || !(SEGMENT_TYPES as readonly string[]).includes(raw)) {
    throw invalidParameter(name, 'must be global, developer or broadcaster');
  }
  return raw as SegmentType;
}

export interface ConfigurationInput {
  segment: unknown;
  channel: unknown;
  content: unknown;
  version: unknown;
}

/**
 * Set Extension Configuration Segment: the channel is required for broadcaster and developer
 * segments and refused for the global one; content at most 5 KB; 20 sets a minute per extension.
 */
export function setConfigurationSegment(state: EmulatorState, record: ExtensionRecord, input: ConfigurationInput, channelName: string, now: number): ConfigurationRecord {
  const segment = segmentParameter(input.segment);
  const channelGiven = input.channel !== undefined && input.channel !== null && input.channel !== '';
  let channelId: string | null = null;
  if (segment === 'global') {
    if (channelGiven) throw badRequest(`Parameter "${channelName}" must not be given for the global segment`);
  } else {
    channelId = channelParameter(state, input.channel, channelName).id;
  }
  const content = optionalString(input.content, 'content') ?? '';
  const version = optionalString(input.version, 'version') ?? '';
  const bytes = Buffer.byteLength(content, 'utf8');
  if (bytes > CONFIGURATION_SEGMENT_MAX_BYTES) {
    throw invalidParameter('content', `must be at most ${CONFIGURATION_SEGMENT_MAX_BYTES} bytes (5 KB); it is ${bytes}`);
  }
  if (!state.extensions.takeConfigurationSet(record, now)) {
    throw new ApiError(429, `Too Many Requests: at most ${CONFIGURATION_SETS_PER_MINUTE} configuration sets per minute`);
  }
  const stored: ConfigurationRecord = { segment, channelId, content, version };
  record.configurations.set(configurationKey(segment, channelId), stored);
  return stored;
}

/** Counts a configuration read of one channel ('' for global) against 20 per minute. */
export function takeConfigurationRead(state: EmulatorState, record: ExtensionRecord, channelKey: string, now: number): void {
  if (!state.extensions.takeConfigurationRead(record, channelKey, now)) {
    throw new ApiError(429, `Too Many Requests: at most ${CONFIGURATION_READS_PER_MINUTE} configuration reads per minute per channel`);
  }
}

/** The legacy map shape: `{"broadcaster:<id>": {segment: {segment_type, channel_id}, record: {content, version}}}`. */
export function legacyConfigurationMap(records: readonly ConfigurationRecord[]) {
  const out: Record<string, unknown> = {};
  for (const r of records) {
    out[configurationKey(r.segment, r.channelId)] = {
      segment: { segment_type: r.segment, ...(r.channelId === null ? {} : { channel_id: r.channelId }) },
      record: { content: r.content, version: r.version },
    };
  }
  return out;
}

export interface LiveActivatedChannel {
  user: User;
  stream: Stream;
}

/** Channels that activated the extension and are live, in order of activation. */
export function liveActivatedChannels(state: EmulatorState, record: ExtensionRecord): LiveActivatedChannel[] {
  const out: LiveActivatedChannel[] = [];
  const activations = [...record.activations.values()].filter((a) => a.activated);
  activations.sort((a, b) => (a.activatedAt ?? 0) - (b.activatedAt ?? 0));
  for (const activation of activations) {
    const stream = state.streams.get(activation.channelId);
    const user = state.users.get(activation.channelId);
    if (stream && user) out.push({ user, stream });
  }
  return out;
}
