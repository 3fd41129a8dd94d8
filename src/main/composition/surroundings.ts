/**
 * What every feature module is built in: the caller's options (the Electron app's or the dock's)
 * and what composition.ts decided before any feature was built (the platform, the tokens, the
 * demo emulator, the one collection of damaged-file notices).
 */
import type { RunningEmulator } from '../../emulator/server';
import type { TokenCipher, TokenStore } from '../services/auth/token-store';
import type { DataRecoveryNotices } from '../services/common/data-recovery-notices';
import type { WebSocketFactory } from '../services/events/eventsub-session';
import type { ShortcutRegistry } from '../services/hotkeys/shortcut-registry';
import type { Logger } from '../services/logger';
import type { Notifier } from '../services/notifications/notifier';
import type { PlatformConfig } from '../services/platform-config';
import type { SettingsStore } from '../services/settings/settings-store';

export interface SidestageOptions {
  transport: 'electron' | 'dock';
  version: string;
  env: Record<string, string | undefined>;
  /** Force demo mode whatever is configured (`npm run dock -- --demo`). */
  demo?: boolean;
  /** Where the outbox, the marker log and the notification ledger live. */
  dataDir: string;
  tokenStore: TokenStore;
  /** Encrypts the OBS password as the tokens are (safeStorage in the app); default: AES with the token key file. */
  secretCipher?: TokenCipher;
  /**
   * Where demo sign-ins live; memory by default: the in-process emulator is new at every start,
   * so its tokens would only come back as an expired sign-in.
   */
  demoTokenStore?: TokenStore;
  /** Where the bot account's sign-in lives; default: memory in demo mode, else `bot-tokens.enc` encrypted with `secretCipher`. */
  botTokenStore?: TokenStore;
  settings: SettingsStore;
  /**
   * Damaged files found while starting (settings, tokens, dock secret are opened by the caller and
   * told here first); the features add theirs. A new collection when not given.
   */
  recoveryNotices?: DataRecoveryNotices;
  /** Desktop notifications (Electron); none: in-app toasts in the renderer (dock mode). */
  notifier?: Notifier;
  /** Global shortcuts (Electron); none: the dock cannot register any and says so. */
  shortcuts?: ShortcutRegistry;
  /** Why this desktop shows no tray icon, where it shows none (closing the window then quits); for Settings. */
  trayUnavailable?: () => string | null;
  /** Shows and focuses the window (tray, notification clicks); quits the app (tray). */
  showWindow?: () => void;
  quit?: () => void;
  /** Opens a URL in the system browser; false when it cannot (the renderer opens it then). */
  openUrl: (url: string) => Promise<boolean>;
  logger: Logger;
  /** How the EventSub WebSocket is made; the go-live benchmark wraps it to time frames on arrival. Default: `ws`. */
  eventSubSocketFactory?: WebSocketFactory;
  /** The built overlay pages (out/overlays); none: the overlay server says they are not built. */
  overlayPagesDir?: string | null;
}

/** What a feature's files are opened with (before the platform is chosen: both happen at once). */
export interface FileSurroundings {
  options: SidestageOptions;
  logger: Logger;
  settings: SettingsStore;
  dataDir: string;
  notices: DataRecoveryNotices;
}

export interface Surroundings extends FileSurroundings {
  config: PlatformConfig;
  /** The demo's token store in demo mode, else the caller's. */
  tokenStore: TokenStore;
  /** The in-process emulator (demo mode); null on a real platform. */
  emulator: RunningEmulator | null;
}
