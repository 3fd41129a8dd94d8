/**
 * The extension back end's rules (spec 4.14), shared by its two path layouts (the spec's
 * `{base_url}/extensions/<client_id>/...` and the current API's `/helix/extensions/...`) and the
 * simulation API: configuration segments (5 KB each, 20 sets and 20 reads a minute), required
 * configurations, activations, the channels that activated the extension and are live.
 */
import { ApiError, badRequest, invalidParameter, notFound } from './api-error';
import type { EmulatorState } from './emulator-state';
import {
  CONFIGURATION_READS_PER_MINUTE,
  CONFIGURATION_SEGMENT_MAX_BYTES,
  CONFIGURATION_SETS_PER_MINUTE,
  configurationKey,
  type ChannelActivation,
  type ConfigurationRecord,
  type ExtensionRecord,
  type ExtensionSecret,
  type SegmentType,
} from './stores/extensions';
import type { Stream } from './stores/streams';
import type { User } from './stores/users';

/** Set Extension Configuration Segment (the segment and channel already checked): at most 5 KB; 20 sets a minute per extension. */
export function setConfigurationSegment(state: EmulatorState, record: ExtensionRecord, input: ConfigurationRecord, now: number): ConfigurationRecord {
  const bytes = Buffer.byteLength(input.content, 'utf8');
  if (bytes > CONFIGURATION_SEGMENT_MAX_BYTES) {
    throw invalidParameter('content', `must be at most ${CONFIGURATION_SEGMENT_MAX_BYTES} bytes (5 KB); it is ${bytes}`);
  }
  if (!state.extensions.takeConfigurationSet(record, now)) {
    throw new ApiError(429, `Too Many Requests: at most ${CONFIGURATION_SETS_PER_MINUTE} configuration sets per minute`);
  }
  const stored: ConfigurationRecord = { ...input };
  record.configurations.set(configurationKey(input.segment, input.channelId), stored);
  return stored;
}

/** The configuration records of `segments` for a channel (the global segment has none), counted against 20 reads a minute per channel. */
export function readConfigurations(state: EmulatorState, record: ExtensionRecord, segments: readonly SegmentType[], channelId: string | null, now: number): ConfigurationRecord[] {
  if (!state.extensions.takeConfigurationRead(record, channelId ?? '', now)) {
    throw new ApiError(429, `Too Many Requests: at most ${CONFIGURATION_READS_PER_MINUTE} configuration reads per minute per channel`);
  }
  const out: ConfigurationRecord[] = [];
  for (const segment of segments) {
    const found = record.configurations.get(configurationKey(segment, segment === 'global' ? null : channelId));
    if (found) out.push(found);
  }
  return out;
}

/** Set Extension Required Configuration: the channel's activation carries the version and the value. */
export function setRequiredConfiguration(state: EmulatorState, record: ExtensionRecord, channel: User, version: string, value: string): void {
  const activation = state.extensions.activation(record, channel.id);
  activation.version = version;
  activation.requiredConfiguration = value;
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

/** The extension's owner and analytics start (simulation API). */
export function setExtensionSettings(state: EmulatorState, record: ExtensionRecord, input: { ownerId?: string | null; analyticsSince?: number }): void {
  if (input.ownerId != null && !state.users.get(input.ownerId)) throw badRequest(`Unknown user_id "${input.ownerId}"`);
  if (input.ownerId !== undefined) record.ownerId = input.ownerId;
  if (input.analyticsSince !== undefined) record.analyticsSince = input.analyticsSince;
}

/** A channel activates the extension, or deactivates it (simulation API). */
export function setActivation(state: EmulatorState, record: ExtensionRecord, channelId: string, activated: boolean, version: string | undefined): ChannelActivation {
  if (!state.users.get(channelId)) throw notFound(`Unknown channel "${channelId}"`);
  const activation = state.extensions.activation(record, channelId);
  if (activated && !activation.activated) activation.activatedAt = state.clock.now();
  if (!activated) activation.activatedAt = null;
  activation.activated = activated;
  if (version !== undefined) activation.version = version;
  return activation;
}

/** A secret made in the developer console (simulation API): the way back after revoking every secret. */
export function addConsoleSecret(state: EmulatorState, record: ExtensionRecord, activationDelaySeconds: number, content: string | undefined): ExtensionSecret[] {
  const now = state.clock.now();
  state.extensions.addSecret(record, now, now + activationDelaySeconds * 1000, content);
  return state.extensions.currentSecrets(record, now);
}
