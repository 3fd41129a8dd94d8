/**
 * The only way into main: refuses untrusted senders, validates the argument against the contract,
 * runs the handler, and parses the result (stripping any field the contract does not name, so a
 * token cannot leak by accident). An `AppError` reaches the user in words; anything else becomes
 * `internal` without details. `emit` checks each event against the contract before the transports
 * carry it.
 */
import { ZodError } from 'zod';
import {
  eventChannels,
  invokeChannels,
  isChannel,
  type Channel,
  type ChannelResult,
  type EventName,
  type EventPayload,
  type IpcResult,
  type ParsedArg,
} from '../../shared/ipc/contract';
import { AppError } from '../services/app-error';
import type { Logger } from '../services/logger';
import { Emitter, type Disposer } from '../../shared/primitives/emitter';

export type Handler<C extends Channel> = (arg: ParsedArg<C>) => Promise<ChannelResult<C>> | ChannelResult<C>;

/** Who sent a request, as the transport saw it. Only trusted senders reach a handler. */
export interface Sender {
  trusted: boolean;
  /** For logs: the frame URL (Electron) or the remote address (dock). */
  description: string;
}

/** Error messages are read by people: one that echoes input stays this short, however large the input. */
export const MAX_ERROR_MESSAGE_CHARS = 600;
const MAX_ISSUE_CHARS = 160;

type EventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/**
 * The one place every IPC request passes: sender check, argument schema, handler, result schema.
 * Transports (Electron's ipcMain, the dock's HTTP server) only move bytes to and from `dispatch`.
 */
export class IpcRouter {
  private readonly handlers = new Map<Channel, Handler<Channel>>();
  private readonly events = new Emitter<{ event: EventName; payload: EventPayload<EventName> }>();

  constructor(private readonly logger: Logger) {}

  handle<C extends Channel>(channel: C, handler: Handler<C>): void {
    if (this.handlers.has(channel)) throw new Error(`IPC channel ${channel} already has a handler`);
    this.handlers.set(channel, handler as unknown as Handler<Channel>);
  }

  /** Channels of the contract with no handler: composition must leave none. */
  missingHandlers(): Channel[] {
    return (Object.keys(invokeChannels) as Channel[]).filter((c) => !this.handlers.has(c));
  }

  async dispatch(channel: unknown, rawArg: unknown, sender: Sender): Promise<IpcResult<unknown>> {
    if (!sender.trusted) {
      this.logger.warn('IPC request from an untrusted sender refused', { channel: boundText(String(channel), 80), sender: boundText(sender.description, 200) });
      return fail('untrusted_sender', 'This window may not talk to Sidestage.');
    }
    if (!isChannel(channel)) return fail('unknown_channel', `There is no IPC channel named ${boundText(JSON.stringify(String(channel)), 80)}.`);
    const handler = this.handlers.get(channel);
    if (!handler) return fail('unknown_channel', `The channel ${channel} is not available in this build.`);
    const schemas = invokeChannels[channel];
    const parsed = schemas.arg.safeParse(rawArg);
    if (!parsed.success) return fail('invalid_argument', `Invalid argument for ${channel}: ${describeZodError(parsed.error)}`);
    try {
      const value = await handler(parsed.data as ParsedArg<Channel>);
      // Parsing the result strips any field the contract does not name, so nothing extra can leak.
      return { ok: true, value: schemas.result.parse(value) };
    } catch (error) {
      if (error instanceof AppError) {
        // A service may quote what it was given (an id, a name): the quote is bounded like ours.
        const ipcError = error.toIpcError();
        return { ok: false, error: { ...ipcError, message: boundText(ipcError.message, MAX_ERROR_MESSAGE_CHARS) } };
      }
      this.logger.error(`IPC handler ${channel} failed`, { error });
      return fail('internal', 'Something went wrong inside Sidestage. Try again; if it keeps failing, restart it.');
    }
  }

  onEvent(listener: EventListener): Disposer {
    return this.events.on(({ event, payload }) => listener(event, payload));
  }

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    // Nobody to tell (start-up, before the window or the dock server listens): nothing can leak,
    // and the services' first states are not parsed for nobody (a sixth of the dock's cold start).
    if (this.events.listenerCount === 0) return;
    const checked = eventChannels[event].parse(payload) as EventPayload<E>;
    this.events.fire({ event, payload: checked });
  }
}

function fail(code: 'untrusted_sender' | 'unknown_channel' | 'invalid_argument' | 'internal', message: string): IpcResult<never> {
  return { ok: false, error: { code, message: boundText(message, MAX_ERROR_MESSAGE_CHARS) } };
}

/** The text, or its start and a note of how much was left out. */
export function boundText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, Math.max(0, max - 1))}… (${text.length - max + 1} more characters)`;
}

/** The first issues in words. Paths and messages can quote the input (an unknown key), so each is bounded. */
export function describeZodError(error: ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const message = boundText(issue.message, MAX_ISSUE_CHARS);
      return issue.path.length ? `${boundText(issue.path.map(String).join('.'), MAX_ISSUE_CHARS / 2)}: ${message}` : message;
    })
    .join('; ');
}
