/** Extensions in the shapes of the spec's back end (v5), of the current API, and of the simulation API. */
import { toRfc3339 } from '../../clock';
import type { EmulatorState } from '../../domain/emulator-state';
import { configurationKey, type ChannelActivation, type ConfigurationRecord, type ExtensionRecord, type ExtensionSecret } from '../../domain/stores/extensions';
import type { ExtensionActivation, LegacySecretSet, SimulationExtension } from './wire/extensions';

export function legacySecretSet(secrets: readonly ExtensionSecret[]): LegacySecretSet {
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

/** The legacy map shape: `{"broadcaster:<id>": {segment: {segment_type, channel_id}, record: {content, version}}}`. */
export function legacyConfigurationMap(records: readonly ConfigurationRecord[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const r of records) {
    out[configurationKey(r.segment, r.channelId)] = {
      segment: { segment_type: r.segment, ...(r.channelId === null ? {} : { channel_id: r.channelId }) },
      record: { content: r.content, version: r.version },
    };
  }
  return out;
}

/** A configuration record as Get Extension Configuration Segment lists it. */
export function helixConfigurationView(r: ConfigurationRecord) {
  return { segment: r.segment, ...(r.channelId === null ? {} : { broadcaster_id: r.channelId }), content: r.content, version: r.version };
}

export function activationView(state: EmulatorState, activation: ChannelActivation): ExtensionActivation {
  return {
    channel_id: activation.channelId,
    activated: activation.activated,
    version: activation.version,
    required_configuration: activation.requiredConfiguration,
    live: activation.activated && state.streams.isLive(activation.channelId),
  };
}

export function extensionView(state: EmulatorState, record: ExtensionRecord): SimulationExtension {
  const now = state.clock.now();
  return {
    client_id: record.clientId,
    owner_id: record.ownerId,
    analytics_since: toRfc3339(record.analyticsSince).slice(0, 10),
    secrets: legacySecretSet(state.extensions.currentSecrets(record, now)),
    activations: [...record.activations.values()].map((a) => activationView(state, a)),
    configurations: legacyConfigurationMap([...record.configurations.values()]),
  };
}
