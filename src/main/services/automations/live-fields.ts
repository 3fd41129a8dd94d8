/**
 * The live fields every template may use (`{uptime}` `{title}` `{game}` `{viewers}` `{followage}`
 * `{accountage}` `{time}`) and a chat command's target (`{target}` `{target.name}` `{target.login}`
 * `{target.game}` `{target.url}`: the first argument read as a platform user, `@` and case ignored).
 * Read only when a step's templates use them: from what Sidestage holds (the stream's status) where
 * it can, else one platform request each, within the run's time limit; a field that could not be
 * read says so in the step's result, and the template shows "?" for it. The event's own field of
 * the same name comes first (a raid's `{viewers}` is the raid's). Values are plain text: the
 * template is filled in one pass, so nothing a viewer's name or title holds is read as a template.
 */
import { liveTemplateFields, placeholdersOf } from '../../../shared/domain/automation-template';
import type { Clock } from '../../../shared/primitives/clock';
import { AppError } from '../app-error';
import type { TriggerEvent } from './triggers';

/** A platform user as the lookups answer. */
export interface PlatformUser {
  id: string;
  login: string;
  name: string;
  /** When the account was created (ISO); null when not known. */
  createdAt: string | null;
}

/** The platform requests live fields and targets need (composition wires them to the one API client). */
export interface PlatformLookups {
  /** Get Users by login; null when the platform has no such user. */
  userByLogin(login: string): Promise<PlatformUser | null>;
  /** Get Users by id. */
  userById(id: string): Promise<PlatformUser | null>;
  /** Get Channel Information: the channel's last category ('' when none). */
  lastGame(userId: string): Promise<string>;
  /** Get Channel Followers for one user: when they followed this channel; null when they do not. */
  followedAt(userId: string): Promise<string | null>;
  /** Whether the user moderates this channel (the moderation guards). */
  isModerator(userId: string): Promise<boolean>;
}

export interface HeldStream {
  live: boolean;
  startedAt: string | null;
  viewerCount?: number | null;
  title?: string;
  categoryName?: string;
}

/** A command's target once looked up. */
export type TargetLookup = { kind: 'found'; user: PlatformUser; game: string | null } | { kind: 'missing'; login: string | null; reason: string };

const loginPattern = /^[a-z0-9_]{1,25}$/;

/** The login the first argument names (`@PixelPal` -> `pixelpal`), or null when it is not one. */
export function targetLogin(event: TriggerEvent): string | null {
  const first = (event.fields.arg1 ?? '').trim().replace(/^@/, '').toLowerCase();
  return loginPattern.test(first) ? first : null;
}

/** "3 years, 2 months", "5 days, 4 hours", "2 h 5 min", "40 s". */
export function durationWords(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const days = Math.floor(s / 86_400);
  if (days >= 365) {
    const years = Math.floor(days / 365);
    const months = Math.floor((days % 365) / 30);
    return months ? `${plural(years, 'year')}, ${plural(months, 'month')}` : plural(years, 'year');
  }
  if (days >= 30) {
    const months = Math.floor(days / 30);
    const rest = days % 30;
    return rest ? `${plural(months, 'month')}, ${plural(rest, 'day')}` : plural(months, 'month');
  }
  if (days >= 1) {
    const hours = Math.floor((s % 86_400) / 3600);
    return hours ? `${plural(days, 'day')}, ${plural(hours, 'hour')}` : plural(days, 'day');
  }
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (hours) return minutes ? `${hours} h ${minutes} min` : `${hours} h`;
  if (minutes) return `${minutes} min`;
  return `${s} s`;
}

export interface LiveFieldsOptions {
  stream(): HeldStream;
  /** Null: no platform at hand (signed out): fields that need a request say so. */
  lookups: PlatformLookups | null;
  clock: Clock;
  /** `{time}`'s zone (an IANA name). Default: this machine's. */
  timeZone?: string;
  /** The platform's channel page for a login (`{target.url}`). */
  channelUrl?: (login: string) => string;
}

const unknownValue = '?';
const defaultChannelUrl = (login: string) => `https://www.twitch.tv/${login}`;

/**
 * One run's live fields: the target is looked up at most once per run (it is the same user for
 * every step), the other fields when each step asks.
 */
export class RunLiveFields {
  private target: Promise<TargetLookup> | null = null;

  constructor(
    private readonly options: LiveFieldsOptions,
    private readonly event: TriggerEvent,
    /** Bounds one platform request (the run's time limit). */
    private readonly bounded: <T>(work: Promise<T>) => Promise<T>,
  ) {}

  /** The command's target, looked up once. */
  lookUpTarget(): Promise<TargetLookup> {
    this.target ??= this.findTarget();
    return this.target;
  }

  /**
   * The live fields `templates` use (the event's own fields left alone), with what could not be
   * read in words ("{followage} not read: the platform did not answer within 20 s.").
   */
  async fieldsFor(templates: readonly string[]): Promise<{ fields: Record<string, string>; problems: string[] }> {
    const wanted = new Set<string>();
    for (const template of templates) for (const name of placeholdersOf(template)) if (liveTemplateFields.includes(name) && !Object.hasOwn(this.event.fields, name)) wanted.add(name);
    const fields: Record<string, string> = {};
    const problems: string[] = [];
    await Promise.all(
      [...wanted].map(async (name) => {
        try {
          fields[name] = await this.read(name);
        } catch (error) {
          fields[name] = unknownValue;
          problems.push(`{${name}} not read: ${error instanceof AppError ? error.message : 'something went wrong inside Sidestage.'}`);
        }
      }),
    );
    return { fields, problems: problems.sort() };
  }

  private async read(name: string): Promise<string> {
    const now = this.options.clock.now();
    const stream = this.options.stream();
    switch (name) {
      case 'uptime': {
        const started = Date.parse(stream.startedAt ?? '');
        return stream.live && !Number.isNaN(started) ? durationWords(now - started) : 'offline';
      }
      case 'title':
        return stream.title ?? '';
      case 'game':
        return stream.categoryName ?? '';
      case 'viewers':
        return String(stream.live ? (stream.viewerCount ?? 0) : 0);
      case 'time':
        return new Date(now).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: this.options.timeZone });
      case 'followage': {
        const who = await this.subject();
        const since = await this.bounded(this.need().followedAt(who.id));
        return since === null ? `${who.name} does not follow` : durationWords(now - Date.parse(since));
      }
      case 'accountage': {
        const who = await this.subject();
        const user = who.createdAt !== undefined ? who : await this.bounded(this.need().userById(who.id));
        const created = Date.parse(user?.createdAt ?? '');
        if (Number.isNaN(created)) throw new AppError('api_error', 'the platform did not say when the account was made.');
        return durationWords(now - created);
      }
      default: {
        const target = await this.lookUpTarget();
        if (target.kind === 'missing') throw new AppError('invalid_argument', target.reason);
        if (name === 'target' || name === 'target.name') return target.user.name;
        if (name === 'target.login') return target.user.login;
        if (name === 'target.url') return (this.options.channelUrl ?? defaultChannelUrl)(target.user.login);
        // `target.game`: asked only when a template uses it.
        return target.game ?? (await this.bounded(this.need().lastGame(target.user.id)));
      }
    }
  }

  /** Whose follow and account age: the target when the command names one, else the event's user. */
  private async subject(): Promise<{ id: string; name: string; createdAt?: string | null }> {
    if (targetLogin(this.event) !== null) {
      const target = await this.lookUpTarget();
      if (target.kind === 'found') return target.user;
    }
    if (!this.event.user) throw new AppError('invalid_argument', 'this event has no viewer.');
    return { id: this.event.user.id, name: this.event.user.name };
  }

  private async findTarget(): Promise<TargetLookup> {
    const login = targetLogin(this.event);
    if (login === null) {
      const typed = (this.event.fields.arg1 ?? '').trim();
      return { kind: 'missing', login: null, reason: typed ? `"${typed.slice(0, 30)}" is not a user name.` : 'the command names nobody.' };
    }
    let user: PlatformUser | null;
    try {
      user = await this.bounded(this.need().userByLogin(login));
    } catch (error) {
      return { kind: 'missing', login, reason: error instanceof AppError ? error.message : `@${login} could not be looked up.` };
    }
    return user ? { kind: 'found', user, game: null } : { kind: 'missing', login, reason: `I can't find @${login}.` };
  }

  private need(): PlatformLookups {
    if (!this.options.lookups) throw new AppError('not_signed_in', 'Sidestage is not signed in to the platform.');
    return this.options.lookups;
  }
}
