/**
 * The overlay server's life: starts it on the kept port (or a free one, then kept), moves it when
 * the broadcaster chooses another, and says in words why it does not serve. A failed move leaves the
 * old port serving (the loopback server binds the new one before it lets the old go), so the browser
 * sources keep working.
 */
import type { OverlayServerState } from '../../../shared/ipc/schemas/overlays';
import { AppError } from '../app-error';
import type { Logger } from '../logger';
import type { SettingsStore } from '../settings/settings-store';
import type { OverlayServer } from './overlay-server';

export interface OverlayServerLifecycleDeps {
  server: OverlayServer;
  settings: SettingsStore;
  logger: Logger;
  pagesBuilt: boolean;
  /** The server's state changed (starting, running, failed, moved). */
  changed(): void;
}

export class OverlayServerLifecycle {
  private current: OverlayServerState;
  private portChange: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: OverlayServerLifecycleDeps) {
    this.current = { status: 'stopped', port: deps.settings.get('overlays.port'), origin: null, error: null, pagesBuilt: deps.pagesBuilt };
  }

  get state(): OverlayServerState {
    return this.current;
  }

  /** Starts on the kept port (null: a free one, kept from then on). */
  start(): Promise<void> {
    return this.listen(this.deps.settings.get('overlays.port'));
  }

  /** Serves overlays on `port` from now on (kept); on failure the old port keeps serving and this rejects with why. */
  setPort(port: number): Promise<void> {
    const change = this.portChange.catch(() => undefined).then(async () => {
      if (this.deps.server.port === port && this.current.status === 'running') return;
      await this.listen(port);
      if (this.current.status !== 'running' || this.deps.server.port !== port) throw new AppError('unavailable', this.current.error ?? `Overlays could not be served on port ${port}.`);
    });
    this.portChange = change;
    return change;
  }

  async stop(): Promise<void> {
    await this.portChange.catch(() => undefined);
    await this.deps.server.stop();
  }

  private async listen(port: number | null): Promise<void> {
    const { server } = this.deps;
    this.current = { ...this.current, status: 'starting', error: null };
    this.deps.changed();
    try {
      const listening = await server.start(port ?? 0);
      if (listening !== this.deps.settings.get('overlays.port')) this.keepPort(listening);
      this.current = { ...this.current, status: 'running', port: listening, origin: server.origin, error: null };
    } catch (error) {
      const reason = describeListenError(error, port);
      this.deps.logger.warn('overlays: the overlay server could not start', { port, reason });
      const serving = server.port;
      this.current =
        serving !== null
          ? { ...this.current, status: 'running', port: serving, origin: server.origin, error: reason }
          : { ...this.current, status: 'failed', port, origin: null, error: reason };
    }
    this.deps.changed();
  }

  /** The port is kept for the next start; not saved, the next start chooses again (and says so in the URLs). */
  private keepPort(port: number): void {
    try {
      this.deps.settings.set('overlays.port', port);
    } catch (error) {
      this.deps.logger.warn('overlays: the port was not saved', { port, reason: error instanceof Error ? error.message : String(error) });
    }
  }
}

function describeListenError(error: unknown, port: number | null): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE') return `Port ${port} is used by another program, so overlays are not served. Close that program, or choose another port (the overlays’ URLs then change).`;
  if (code === 'EACCES') return `Sidestage may not listen on port ${port}. Choose a port from 1024 to 65535.`;
  return `The overlay server could not start${code ? ` (${code})` : ''}.`;
}
