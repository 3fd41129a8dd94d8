/** Readers of the extension back end's parameters (spec 4.14), in both its path layouts. */
import { badRequest, invalidParameter, missingParameter } from '../domain/api-error';
import type { EmulatorState } from '../domain/emulator-state';
import { SEGMENT_TYPES, type ConfigurationRecord, type SegmentType } from '../domain/stores/extensions';
import type { User } from '../domain/stores/users';
import { isNumericId } from '../ids';

/** An extension version: 1-64 letters, digits, `.`, `_` or `-`. */
export const VERSION_PATTERN = /^[0-9A-Za-z._-]{1,64}$/;

/** Largest activation delay taken (a century): keeps every timestamp representable. */
export const MAX_ACTIVATION_DELAY_S = 100 * 365 * 24 * 60 * 60;

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

function optionalString(raw: unknown, name: string): string | undefined {
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

/**
 * A configuration segment to set: the channel is required for broadcaster and developer segments
 * and refused for the global one.
 */
export function readConfigurationInput(
  state: EmulatorState,
  input: { segment: unknown; channel: unknown; content: unknown; version: unknown },
  channelName: string,
): ConfigurationRecord {
  const segment = segmentParameter(input.segment);
  const channelGiven = input.channel !== undefined && input.channel !== null && input.channel !== '';
  let channelId: string | null = null;
  if (segment === 'global') {
    if (channelGiven) throw badRequest(`Parameter "${channelName}" must not be given for the global segment`);
  } else {
    channelId = channelParameter(state, input.channel, channelName).id;
  }
  return { segment, channelId, content: optionalString(input.content, 'content') ?? '', version: optionalString(input.version, 'version') ?? '' };
}
