import type { Channel, ChannelResult } from '../../shared/ipc/contract';
import { channelNames } from '../../shared/ipc/contract';
import type { Disposer } from '../../shared/primitives/emitter';
import { AppError } from '../services/app-error';
import type { IpcRouter } from './ipc-router';

/** What an off feature's channels answer (its state, "unavailable"); every other channel of it is refused with `reason`. */
export type OffAnswers = { [C in Channel]?: () => ChannelResult<C> };

/**
 * A feature that is off (outside demo mode; files that could not be opened): the same way for every
 * feature. The channels named in `answers` answer with them; every other channel starting with
 * `prefix` is refused, in words.
 */
export function serveOff(router: IpcRouter, prefix: `${string}:`, reason: () => string, answers: OffAnswers): Disposer {
  for (const channel of channelNames) {
    if (!channel.startsWith(prefix)) continue;
    const answer = answers[channel] as (() => ChannelResult<Channel>) | undefined;
    router.handle(
      channel,
      answer ??
        ((): never => {
          throw new AppError('unavailable', reason());
        }),
    );
  }
  return () => {};
}
