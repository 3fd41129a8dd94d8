/**
 * Settings behind an interface: electron-store in the app, `conf` in dock mode, memory in tests.
 * Secrets never live here; tokens have their own encrypted store.
 */
export interface Settings {
  /** Chosen ingest server id, or null to follow the recommendation. */
  'ingest.selectedId': number | null;
  'ingest.secure': boolean;
  'ingest.bandwidthTest': boolean;
  /** Last directory answer, used when the directory cannot be reached. */
  'ingest.cachedDirectory': { fetchedAt: string; ingests: unknown[] } | null;
  /** A client ID of the user's own app registration (real platform). */
  'platform.clientId': string | null;
}

export const defaultSettings: Settings = {
  'ingest.selectedId': null,
  'ingest.secure': false,
  'ingest.bandwidthTest': false,
  'ingest.cachedDirectory': null,
  'platform.clientId': null,
};

export interface SettingsStore {
  get<K extends keyof Settings>(key: K): Settings[K];
  set<K extends keyof Settings>(key: K, value: Settings[K]): void;
}

export class MemorySettingsStore implements SettingsStore {
  private readonly values: Settings;
  constructor(initial: Partial<Settings> = {}) {
    this.values = { ...defaultSettings, ...initial };
  }
  get<K extends keyof Settings>(key: K): Settings[K] {
    return this.values[key];
  }
  set<K extends keyof Settings>(key: K, value: Settings[K]): void {
    this.values[key] = value;
  }
}

/** The shape both `conf` and electron-store have, so one adapter serves both. */
export interface KeyValueBackend {
  get(key: string, defaultValue?: unknown): unknown;
  set(key: string, value: unknown): void;
}

export class BackedSettingsStore implements SettingsStore {
  constructor(private readonly backend: KeyValueBackend) {}
  get<K extends keyof Settings>(key: K): Settings[K] {
    return (this.backend.get(key) ?? defaultSettings[key]) as Settings[K];
  }
  set<K extends keyof Settings>(key: K, value: Settings[K]): void {
    this.backend.set(key, value);
  }
}
