/** Extensions and the simulation API's extension calls (see `common.ts`). */

export interface ExtensionActivation {
  channel_id: string;
  activated: boolean;
  version: string | null;
  required_configuration: string | null;
  live: boolean;
}

/** The extension's secrets in the spec's (v5) shape. */
export interface LegacySecretSet {
  format_version: number;
  secrets: { active: string; content: string; expires: string }[];
}

export interface SimulationExtension {
  client_id: string;
  owner_id: string | null;
  /** A date, `YYYY-MM-DD`. */
  analytics_since: string;
  secrets: LegacySecretSet;
  activations: ExtensionActivation[];
  /** `{"broadcaster:<id>": {segment: {segment_type, channel_id}, record: {content, version}}}`. */
  configurations: Record<string, unknown>;
}

export interface ExtensionSettingsRequest {
  owner_id?: string | null;
  analytics_since?: string;
}

export interface ActivationRequest {
  channel_id: string;
  activated?: boolean;
  version?: string;
}

export interface ConsoleSecretRequest {
  content?: string;
  activation_delay_secs?: number;
}
