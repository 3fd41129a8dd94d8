/**
 * Polls and predictions from saved templates: a template (title, choices or outcomes, duration;
 * validated against the platform's limits) starts one with one call; the running poll or
 * prediction then follows the channel-event stream (`poll*`, `prediction*` events) for its live
 * progress, and is ended, locked, resolved or canceled from here. The platform allows one poll
 * and one open prediction per channel, so the state holds one of each: the running (or last) one.
 */
import { z } from 'zod';
import {
  engagementTemplateSchema,
  type ChannelEventOf,
  type EngagementState,
  type EngagementTemplate,
  type RunningPoll,
  type RunningPrediction,
} from '../../../shared/ipc/contract';
import type { ApiClient } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { AppError } from '../app-error';
import { ChannelState } from '../common/channel-state';
import type { CurrentBroadcaster } from '../common/current-broadcaster';
import type { Logger } from '../logger';
import type { ChannelEvents } from '../events/channel-events';
import type { SettingsStore } from '../settings/settings-store';
import { Disposable, Emitter, type Disposer } from '../../../shared/primitives/emitter';

export interface EngagementServiceOptions {
  api: Pick<ApiClient, 'request'>;
  broadcaster: Pick<CurrentBroadcaster, 'id' | 'canCallApi' | 'onChange'>;
  settings: SettingsStore;
  logger: Logger;
  /** The one channel-event stream: the running poll's and prediction's progress. */
  channelEvents?: Pick<ChannelEvents, 'on'> | null;
}

type PollEvent = ChannelEventOf<'pollBegin' | 'pollProgress' | 'pollEnd'>;
type PredictionEvent = ChannelEventOf<'predictionBegin' | 'predictionProgress' | 'predictionLock' | 'predictionEnd'>;

// ---------- the platform's shapes (current API answers) ----------

const helixPollSchema = z.object({
  id: z.string(),
  title: z.string(),
  choices: z.array(z.object({ id: z.string(), title: z.string(), votes: z.number().int().nonnegative().catch(0) })),
  status: z.string(),
  duration: z.number().int().nonnegative(),
  started_at: z.string(),
  ended_at: z.string().nullable().optional(),
});

const helixPredictionSchema = z.object({
  id: z.string(),
  title: z.string(),
  winning_outcome_id: z.string().nullable().optional(),
  outcomes: z.array(z.object({ id: z.string(), title: z.string(), users: z.number().int().nonnegative().catch(0), channel_points: z.number().int().nonnegative().catch(0) })),
  prediction_window: z.number().int().nonnegative(),
  status: z.string(),
  created_at: z.string(),
});

const pollStatuses: readonly RunningPoll['status'][] = ['active', 'completed', 'terminated', 'archived', 'moderated', 'invalid'];
const predictionStatuses: readonly RunningPrediction['status'][] = ['active', 'locked', 'resolved', 'canceled'];

/** How far a status has come: an older answer or a resent event never moves it back. */
const pollRank = (status: RunningPoll['status']) => (status === 'active' ? 0 : 1);
const predictionRank = (status: RunningPrediction['status']) => (status === 'active' ? 0 : status === 'locked' ? 1 : 2);

/** The channel's side of the state: its running (or last) poll and prediction. */
interface ChannelEngagement {
  poll: RunningPoll | null;
  prediction: RunningPrediction | null;
  read: boolean;
}

const nothingRead: ChannelEngagement = { poll: null, prediction: null, read: false };

export class EngagementService extends Disposable {
  private readonly channel: ChannelState<ChannelEngagement>;
  private readonly changes = new Emitter<EngagementState>();

  constructor(private readonly options: EngagementServiceOptions) {
    super();
    this.channel = new ChannelState<ChannelEngagement>({
      broadcaster: options.broadcaster,
      empty: nothingRead,
      isRead: (state) => state.read,
      read: () => this.refresh(),
      reading: 'reading the poll and the prediction',
      logger: options.logger,
    });
    this.register(() => this.channel.dispose());
    this.register(this.channel.onChange(() => this.emit()));
    const channelEvents = options.channelEvents;
    if (channelEvents) {
      this.register(channelEvents.on(['pollBegin', 'pollProgress', 'pollEnd'], (event) => this.onPollEvent(event)));
      this.register(channelEvents.on(['predictionBegin', 'predictionProgress', 'predictionLock', 'predictionEnd'], (event) => this.onPredictionEvent(event)));
    }
  }

  start(): void {
    this.channel.start();
  }

  private get poll(): RunningPoll | null {
    return this.channel.get().poll;
  }

  private get prediction(): RunningPrediction | null {
    return this.channel.get().prediction;
  }

  override dispose(): void {
    super.dispose();
    this.changes.dispose();
  }

  getState(): EngagementState {
    return { templates: this.options.settings.get('engagement.templates'), poll: this.poll, prediction: this.prediction };
  }

  onChange(listener: (state: EngagementState) => void): Disposer {
    return this.changes.on(listener);
  }

  // ---------- templates ----------

  saveTemplate(input: EngagementTemplate): EngagementState {
    const parsed = engagementTemplateSchema.safeParse(input);
    if (!parsed.success) throw new AppError('invalid_argument', parsed.error.issues[0]?.message ?? 'The template is not valid.');
    const templates = this.options.settings.get('engagement.templates');
    const at = templates.findIndex((t) => t.id === parsed.data.id);
    if (at === -1 && templates.length >= 50) throw new AppError('invalid_argument', 'Keep at most 50 templates: delete one first.');
    const next = at === -1 ? [...templates, parsed.data] : templates.map((t, i) => (i === at ? parsed.data : t));
    this.options.settings.set('engagement.templates', next);
    this.emit();
    return this.getState();
  }

  deleteTemplate(id: string): EngagementState {
    const templates = this.options.settings.get('engagement.templates');
    if (!templates.some((t) => t.id === id)) throw new AppError('invalid_argument', 'That template no longer exists.');
    this.options.settings.set(
      'engagement.templates',
      templates.filter((t) => t.id !== id),
    );
    this.emit();
    return this.getState();
  }

  // ---------- reads ----------

  /** The newest poll and prediction of the channel. */
  async refresh(): Promise<EngagementState> {
    const read = this.channel.begin('Polls and predictions not read');
    const { broadcasterId } = read;
    const [polls, predictions] = await Promise.all([
      this.call<{ data: unknown[] }>({ method: 'GET', path: '/helix/polls', query: { broadcaster_id: broadcasterId, first: 1 } }, 'read'),
      this.call<{ data: unknown[] }>({ method: 'GET', path: '/helix/predictions', query: { broadcaster_id: broadcasterId, first: 1 } }, 'read'),
    ]);
    if (!read.current()) return this.getState();
    const poll = helixPollSchema.safeParse(polls?.data?.[0]);
    const prediction = helixPredictionSchema.safeParse(predictions?.data?.[0]);
    this.channel.set({
      poll: poll.success ? this.newerPoll(fromHelixPoll(poll.data)) : this.poll,
      prediction: prediction.success ? this.newerPrediction(fromHelixPrediction(prediction.data)) : this.prediction,
      read: true,
    });
    return this.getState();
  }

  // ---------- actions ----------

  async startFromTemplate(templateId: string): Promise<EngagementState> {
    const template = this.options.settings.get('engagement.templates').find((t) => t.id === templateId);
    if (!template) throw new AppError('invalid_argument', 'That template no longer exists.');
    const broadcasterId = this.callable(`${template.kind === 'poll' ? 'Poll' : 'Prediction'} not started`);
    if (template.kind === 'poll') {
      const answer = await this.call<{ data: unknown[] }>(
        {
          method: 'POST',
          path: '/helix/polls',
          body: { broadcaster_id: broadcasterId, title: template.title, choices: template.choices.map((title) => ({ title })), duration: template.durationSeconds },
          retry: 'never',
        },
        'startPoll',
      );
      this.applyPollAnswer(answer);
    } else {
      const answer = await this.call<{ data: unknown[] }>(
        {
          method: 'POST',
          path: '/helix/predictions',
          body: { broadcaster_id: broadcasterId, title: template.title, outcomes: template.choices.map((title) => ({ title })), prediction_window: template.durationSeconds },
          retry: 'never',
        },
        'startPrediction',
      );
      this.applyPredictionAnswer(answer);
    }
    return this.getState();
  }

  async endPoll(): Promise<EngagementState> {
    const broadcasterId = this.callable('Poll not ended');
    const poll = this.poll;
    if (!poll || poll.status !== 'active') throw new AppError('invalid_argument', 'No poll is running.');
    const answer = await this.call<{ data: unknown[] }>(
      { method: 'PATCH', path: '/helix/polls', body: { broadcaster_id: broadcasterId, id: poll.id, status: 'TERMINATED' }, retry: 'never' },
      'endPoll',
    );
    this.applyPollAnswer(answer);
    return this.getState();
  }

  lockPrediction(): Promise<EngagementState> {
    return this.patchPrediction({ status: 'LOCKED' }, ['active'], 'No prediction is taking predictions.');
  }

  resolvePrediction(outcomeId: string): Promise<EngagementState> {
    if (this.prediction && !this.prediction.outcomes.some((o) => o.id === outcomeId)) {
      return Promise.reject(new AppError('invalid_argument', 'That outcome is not one of this prediction’s.'));
    }
    return this.patchPrediction({ status: 'RESOLVED', winning_outcome_id: outcomeId }, ['active', 'locked'], 'No prediction is open.');
  }

  cancelPrediction(): Promise<EngagementState> {
    return this.patchPrediction({ status: 'CANCELED' }, ['active', 'locked'], 'No prediction is open.');
  }

  private async patchPrediction(fields: Record<string, string>, allowed: RunningPrediction['status'][], none: string): Promise<EngagementState> {
    const broadcasterId = this.callable('Prediction not changed');
    const prediction = this.prediction;
    if (!prediction || !allowed.includes(prediction.status)) throw new AppError('invalid_argument', none);
    const answer = await this.call<{ data: unknown[] }>(
      { method: 'PATCH', path: '/helix/predictions', body: { broadcaster_id: broadcasterId, id: prediction.id, ...fields }, retry: 'never' },
      'managePrediction',
    );
    this.applyPredictionAnswer(answer);
    return this.getState();
  }

  // ---------- applying what the platform says ----------

  private applyPollAnswer(answer: { data: unknown[] } | undefined): void {
    const parsed = helixPollSchema.safeParse(answer?.data?.[0]);
    if (!parsed.success) throw new AppError('api_error', 'The platform answered without the poll.');
    this.applyPoll(fromHelixPoll(parsed.data));
  }

  private applyPredictionAnswer(answer: { data: unknown[] } | undefined): void {
    const parsed = helixPredictionSchema.safeParse(answer?.data?.[0]);
    if (!parsed.success) throw new AppError('api_error', 'The platform answered without the prediction.');
    this.applyPrediction(fromHelixPrediction(parsed.data));
  }

  /** An event or a write's answer: a read under way began before it, and is dropped. */
  private applyPoll(next: RunningPoll): void {
    this.channel.setChanged({ ...this.channel.get(), poll: this.newerPoll(next) });
  }

  private applyPrediction(next: RunningPrediction): void {
    this.channel.setChanged({ ...this.channel.get(), prediction: this.newerPrediction(next) });
  }

  /** A newer poll replaces the last one; the same poll never goes back from ended to active. */
  private newerPoll(next: RunningPoll): RunningPoll | null {
    const current = this.poll;
    if (current && current.id === next.id && pollRank(next.status) < pollRank(current.status)) return current;
    if (current && current.id !== next.id && Date.parse(next.startedAt) < Date.parse(current.startedAt)) return current;
    return next;
  }

  private newerPrediction(next: RunningPrediction): RunningPrediction | null {
    const current = this.prediction;
    if (current && current.id === next.id && predictionRank(next.status) < predictionRank(current.status)) return current;
    if (current && current.id !== next.id && Date.parse(next.startedAt) < Date.parse(current.startedAt)) return current;
    return next;
  }

  private onPollEvent(e: PollEvent): void {
    const previous = this.poll?.id === e.pollId ? this.poll : null;
    const known = (id: string) => previous?.choices.find((p) => p.id === id)?.votes;
    // The begin event has no votes: keep what is known.
    const choices = e.kind === 'pollBegin' ? e.choices.map((c) => ({ id: c.id, title: c.title, votes: known(c.id) ?? 0 })) : e.choices;
    const startedAt = e.kind === 'pollBegin' ? e.at : (e.startedAt ?? previous?.startedAt ?? e.at);
    this.applyPoll({
      id: e.pollId,
      title: e.title,
      choices,
      status: e.kind === 'pollEnd' ? (asPollStatus(e.status) ?? 'completed') : 'active',
      startedAt,
      endsAt: e.kind === 'pollEnd' ? e.at : (e.endsAt ?? previous?.endsAt ?? startedAt),
    });
  }

  private onPredictionEvent(e: PredictionEvent): void {
    const previous = this.prediction?.id === e.predictionId ? this.prediction : null;
    const known = (id: string) => previous?.outcomes.find((p) => p.id === id);
    // The begin event has no stakes: keep what is known.
    const outcomes =
      e.kind === 'predictionBegin' ? e.outcomes.map((o) => ({ id: o.id, title: o.title, users: known(o.id)?.users ?? 0, channelPoints: known(o.id)?.channelPoints ?? 0 })) : e.outcomes;
    const startedAt = e.kind === 'predictionBegin' ? e.at : (e.startedAt ?? previous?.startedAt ?? e.at);
    const status: RunningPrediction['status'] = e.kind === 'predictionEnd' ? (e.status === 'canceled' ? 'canceled' : 'resolved') : e.kind === 'predictionLock' ? 'locked' : 'active';
    const locksAt = e.kind === 'predictionLock' ? e.lockedAt : e.kind === 'predictionEnd' ? null : e.locksAt;
    this.applyPrediction({
      id: e.predictionId,
      title: e.title,
      outcomes,
      status,
      startedAt,
      locksAt: locksAt ?? previous?.locksAt ?? startedAt,
      winningOutcomeId: e.kind === 'predictionEnd' ? e.winningOutcomeId : null,
    });
  }

  private callable(what: string): string {
    return this.channel.require(what);
  }

  private async call<T>(request: Parameters<ApiClient['request']>[0], what: Action): Promise<T | undefined> {
    try {
      return (await this.options.api.request<T>(request)).data;
    } catch (error) {
      const message = describe(error, what);
      throw error instanceof AppError ? new AppError(error.code, message, error.details) : new AppError('internal', message);
    }
  }

  private emit(): void {
    this.changes.fire(this.getState());
  }
}

type Action = 'read' | 'startPoll' | 'startPrediction' | 'endPoll' | 'managePrediction';

function asPollStatus(status: string | undefined): RunningPoll['status'] | null {
  const lower = status?.toLowerCase();
  return pollStatuses.find((s) => s === lower) ?? null;
}

function fromHelixPoll(p: z.infer<typeof helixPollSchema>): RunningPoll {
  const started = Date.parse(p.started_at);
  const status = asPollStatus(p.status) ?? 'invalid';
  return {
    id: p.id,
    title: p.title,
    choices: p.choices.map((c) => ({ id: c.id, title: c.title, votes: c.votes })),
    status,
    startedAt: p.started_at,
    endsAt: p.ended_at ?? new Date((Number.isNaN(started) ? 0 : started) + p.duration * 1000).toISOString(),
  };
}

function fromHelixPrediction(p: z.infer<typeof helixPredictionSchema>): RunningPrediction {
  const started = Date.parse(p.created_at);
  const lower = p.status.toLowerCase();
  return {
    id: p.id,
    title: p.title,
    outcomes: p.outcomes.map((o) => ({ id: o.id, title: o.title, users: o.users, channelPoints: o.channel_points })),
    status: predictionStatuses.find((s) => s === lower) ?? 'canceled',
    startedAt: p.created_at,
    locksAt: new Date((Number.isNaN(started) ? 0 : started) + p.prediction_window * 1000).toISOString(),
    winningOutcomeId: p.winning_outcome_id ?? null,
  };
}

/** The platform's refusals, said as what to do about them. */
function describe(error: unknown, what: Action): string {
  if (error instanceof ApiError) {
    const message = error.platformMessage ?? '';
    const thing = what === 'startPoll' || what === 'endPoll' ? 'polls' : what === 'read' ? 'polls and predictions' : 'predictions';
    if (error.status === 401) return `Sidestage may not manage ${thing}: sign in again and allow "Manage polls" and "Manage predictions".`;
    if (error.status === 403) return `Only partners and affiliates can run ${thing}.`;
    if (what === 'startPoll' && error.status === 400 && /active poll/i.test(message)) return 'A poll is already running: end it first.';
    if (what === 'startPrediction' && error.status === 400 && /active or locked prediction/i.test(message)) return 'A prediction is already open: resolve or cancel it first.';
    if (error.status === 404) return `The ${thing === 'polls' ? 'poll' : 'prediction'} is no longer on the platform.`;
    if (error.status === 400 && message) return `The platform refused: ${message}`;
    return error.message;
  }
  if (error instanceof AppError) return error.message;
  return 'Something went wrong inside Sidestage.';
}
