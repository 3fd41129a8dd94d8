/**
 * Test support: valid entries of the files Sidestage keeps in its data directory, for the tests
 * that damage them (the corruption suite, the full disk, the end-to-end data recovery spec). Types
 * only from src/shared, so that Playwright loads it too.
 */
import type { Redemption } from '../../shared/ipc/contract';

export const redemptionFixture = (id: string): Redemption => ({
  id,
  rewardId: 'reward-1',
  rewardTitle: 'Hydrate',
  rewardCost: 100,
  userId: '1',
  userLogin: 'viewer',
  userName: 'Viewer',
  userInput: '',
  redeemedAt: '2026-01-01T00:00:00.000Z',
});

/** One pending action of the redemption outbox, as `redemption-outbox.json` holds it. */
export const outboxEntryFixture = (id: string) => ({
  id,
  broadcasterId: '42',
  rewardId: 'reward-1',
  status: 'FULFILLED',
  redemptions: [redemptionFixture(`r-${id}`)],
  createdAt: '2026-01-01T00:00:00.000Z',
  attempts: 0,
  lastError: null,
});

/** One press of the marker log, as `marker-log.json` holds it in a broadcast's `entries`. */
export const markerPressFixture = (id: string) => ({
  id,
  source: 'hotkey',
  pressedAt: '2026-01-01T00:00:00.000Z',
  description: '',
  status: 'created',
  positionSeconds: 10,
  delaySeconds: 0,
  markerId: `m-${id}`,
  attempts: 1,
  error: null,
});

/** One automation, as `automations.json` holds it: a follow thanked in chat. */
export const automationFixture = (id: string, name = 'Thank followers') => ({
  id,
  name,
  enabled: true,
  trigger: { kind: 'follow' },
  conditions: { onlyWhileLive: false, cooldownSeconds: 0, perViewerCooldownSeconds: 0, rules: [] },
  actions: [{ kind: 'chatMessage', text: 'Thanks for the follow, {user}!' }],
  queue: 'oneAtATime',
  alsoMissed: false,
  stopOnError: false,
});

/** `automations.json` with these automations. */
export const automationsFileFixture = (automations: unknown[]) => JSON.stringify({ format: 'sidestage-automations', version: 1, paused: false, automations });

/** One finished run, as `automation-runs.json` holds it. */
export const automationRunFixture = (id: string) => ({
  id,
  automationId: 'a1',
  automationName: 'Thank followers',
  trigger: 'New follower',
  event: { id: `follow-${id}`, kind: 'follow', summary: 'Viewer followed', source: 'live' },
  status: 'done',
  reason: null,
  queuedAt: '2026-01-01T00:00:00.000Z',
  startedAt: '2026-01-01T00:00:00.000Z',
  endedAt: '2026-01-01T00:00:01.000Z',
  steps: [{ action: 'chatMessage', summary: 'Say "Thanks"', status: 'done', startedAt: null, endedAt: null, result: 'Sent', error: null }],
});

/** One alert of the queue, as `alert-queue.json` holds it (waiting, on screen or last shown). */
export const queuedAlertFixture = (id: string) => ({
  id: `event:${id}`,
  kind: 'follow',
  ofKind: null,
  count: 1,
  text: `${id} just followed!`,
  imageId: null,
  soundId: null,
  volume: 1,
  durationMs: 5000,
  test: false,
});

/** `alert-queue.json` with these alerts waiting and these event ids already alerted. */
export const alertQueueFileFixture = (waiting: unknown[], seen: unknown[]) =>
  JSON.stringify({ version: 1, seq: 0, seen, waiting, showing: null, last: null, pausedByHand: false, adBreakUntil: null });

/** One goal bar, as `overlays.json` holds it. */
export const goalFixture = (id: string) => ({ id, title: `Goal ${id}`, source: 'custom', counts: 'manual', current: 1, target: 10 });

/** `overlays.json` with these goal bars (every other setting left to its default when read). */
export const overlaysFileFixture = (goals: unknown[]) =>
  JSON.stringify({ version: 1, tokens: { alerts: 'A'.repeat(43) }, alerts: { types: {}, options: { gapMs: 1500, summaryAfter: 5, mutedRewardIds: [] } }, goals, reducedMotion: false });

/** One image of the media library, as `media.json` lists it; its copy is `media/<id>.png`. */
export const mediaItemFixture = (id: string) => ({ id: id.padEnd(32, '0'), name: `${id}.png`, kind: 'image', contentType: 'image/png', bytes: 4, extension: 'png' });

/** `media.json` with these items. */
export const mediaFileFixture = (items: unknown[]) => JSON.stringify({ version: 1, items });
