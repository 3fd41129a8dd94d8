import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataRecoveryNotices } from '../common/data-recovery-notices';
import { silentLogger } from '../logger';
import { recordingLogger } from '../../test-support/recording-logger';
import { alertStyleSchema, defaultAlertStyle, resolvedAlertStyle } from '../../../shared/ipc/schemas/overlays';
import { OverlaySettings } from './overlay-settings';

describe('OverlaySettings', () => {
  let dataDir: string;
  let notices: DataRecoveryNotices;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sidestage-overlay-settings-'));
    notices = new DataRecoveryNotices(silentLogger);
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  const open = () => OverlaySettings.open({ dataDir, logger: silentLogger, notices });

  it('gives every overlay an unguessable token, kept across restarts', async () => {
    const settings = await open();
    const tokens = settings.get().tokens;
    expect(Object.keys(tokens).sort()).toEqual(['alerts', 'chat', 'goal/charity', 'redemption', 'widget/counter', 'widget/credits', 'widget/latest', 'widget/recent', 'widget/timer']);
    for (const token of Object.values(tokens)) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(Object.values(tokens)).size).toBe(9);
    expect((await open()).get().tokens).toEqual(tokens);
  });

  it('says in the log when the new links could not be saved, and keeps them for the session', async () => {
    // A file where the data directory should be: nothing can be written under it.
    const notAFolder = join(dataDir, 'not-a-folder');
    await writeFile(notAFolder, '');
    const logger = recordingLogger();
    const settings = await OverlaySettings.open({ dataDir: notAFolder, logger, notices });
    expect(settings.tokenOf('alerts')).toMatch(/^[\w-]{43}$/);
    expect(logger.lines).toContainEqual(expect.objectContaining({ level: 'warn', message: expect.stringMatching(/could not save the new overlay links to overlays\.json/) }));
  });

  it('checks a token in full, for its own overlay only', async () => {
    const settings = await open();
    const token = settings.tokenOf('alerts')!;
    expect(settings.isToken('alerts', token)).toBe(true);
    expect(settings.isToken('alerts', token.slice(0, -1))).toBe(false);
    expect(settings.isToken('alerts', `${token}x`)).toBe(false);
    expect(settings.isToken('chat', token)).toBe(false);
    expect(settings.isToken('alerts', '')).toBe(false);
    expect(settings.isToken('constructor', '')).toBe(false);
    expect(settings.isToken('__proto__', '')).toBe(false);
  });

  it('resets one overlay’s token only; a goal’s token comes and goes with its goal', async () => {
    const settings = await open();
    const before = { ...settings.get().tokens };
    await settings.resetToken('alerts');
    expect(settings.tokenOf('alerts')).not.toBe(before.alerts);
    expect(settings.tokenOf('chat')).toBe(before.chat);
    await expect(settings.resetToken('goal/nothing')).rejects.toThrow(/no such overlay/);
    await settings.update((draft) => ({ ...draft, goals: [...draft.goals, { id: 'subs', title: '', source: 'subscriptions', counts: 'manual', current: 0, target: 10 }] }));
    expect(settings.tokenOf('goal/subs')).toMatch(/^[\w-]{43}$/);
    await settings.update((draft) => ({ ...draft, goals: draft.goals.filter((g) => g.id !== 'subs') }));
    expect(settings.tokenOf('goal/subs')).toBeNull();
    expect(JSON.parse(await readFile(join(dataDir, 'overlays.json'), 'utf8')).tokens).not.toHaveProperty('goal/subs');
  });

  it('keeps the readable part of a damaged file and says when links changed', async () => {
    const settings = await open();
    const chatToken = settings.tokenOf('chat');
    const saved = JSON.parse(await readFile(join(dataDir, 'overlays.json'), 'utf8'));
    saved.tokens.alerts = 'short';
    saved.alerts.types.cheer = { enabled: 'yes' };
    await writeFile(join(dataDir, 'overlays.json'), JSON.stringify(saved));
    const reopened = await open();
    expect(reopened.tokenOf('chat')).toBe(chatToken);
    expect(reopened.tokenOf('alerts')).toMatch(/^[\w-]{43}$/);
    expect(reopened.get().alerts.types.cheer.template).toBe('{user} cheered {bits} bits!');
    expect(notices.list()).toEqual([expect.objectContaining({ file: 'overlays.json', lost: '2 settings', consequence: expect.stringMatching(/links have changed/) })]);
  });

  it("keeps the chat overlay's options across restarts; a file without them has the defaults, damaged ones fall back alone", async () => {
    const settings = await open();
    expect(settings.get().chatOverlay).toEqual({ hideOtherChannels: false, hideCommands: false, hideBot: false, fadeAfterSeconds: 0 });
    await settings.update((draft) => ({ ...draft, chatOverlay: { ...draft.chatOverlay, hideCommands: true, fadeAfterSeconds: 12 } }));
    expect((await open()).get().chatOverlay).toMatchObject({ hideCommands: true, fadeAfterSeconds: 12 });

    const file = JSON.parse(await readFile(join(dataDir, 'overlays.json'), 'utf8'));
    await writeFile(join(dataDir, 'overlays.json'), JSON.stringify({ ...file, chatOverlay: undefined }));
    expect((await open()).get().chatOverlay.hideCommands).toBe(false);
    await writeFile(join(dataDir, 'overlays.json'), JSON.stringify({ ...file, chatOverlay: { hideCommands: 'yes' } }));
    const damaged = await open();
    expect(damaged.get().chatOverlay.hideCommands).toBe(false);
    expect(damaged.get().tokens).toEqual(file.tokens);
  });

  it('sets an unreadable file aside and starts with the defaults', async () => {
    await writeFile(join(dataDir, 'overlays.json'), '{"version":1,');
    const settings = await open();
    expect(settings.get().goals.map((g) => g.id)).toEqual(['charity']);
    expect(notices.list()[0]).toMatchObject({ done: 'Started with the default overlay settings', consequence: expect.stringMatching(/links have changed/) });
  });

  it('reads a version-1 file: each alert type gets no variations and no speech, its own settings kept, and the next save writes version 3', async () => {
    const first = await open();
    const old = structuredClone(first.get()) as unknown as { version: number; alerts: { types: Record<string, Record<string, unknown>> } };
    old.version = 1;
    for (const type of Object.values(old.alerts.types)) {
      delete type.speak;
      delete type.variations;
      delete type.style;
    }
    old.alerts.types.cheer!.template = 'old {bits}';
    await first.settled();
    await writeFile(join(dataDir, 'overlays.json'), JSON.stringify(old));
    const migrated = await open();
    expect(migrated.get().version).toBe(3);
    expect(migrated.get().alerts.types.cheer).toMatchObject({ template: 'old {bits}', speak: false, variations: [], style: defaultAlertStyle });
    expect(notices.list()).toEqual([]);
    await migrated.update((draft) => draft);
    await migrated.settled();
    expect(JSON.parse(await readFile(join(dataDir, 'overlays.json'), 'utf8')).version).toBe(3);
  });

  it('reads a version-2 file: each type gets today’s look and each variation none of its own, so nothing changes on screen', async () => {
    const first = await open();
    const old = structuredClone(first.get()) as unknown as { version: number; alerts: { types: Record<string, Record<string, unknown>> } };
    old.version = 2;
    for (const type of Object.values(old.alerts.types)) delete type.style;
    old.alerts.types.cheer!.variations = [{ id: 'big', name: 'Big', when: { atLeast: 1000, below: null, tier: null, anonymous: null, rewardId: null }, template: 'BIG {bits}', durationMs: 8000, imageId: null, soundId: null, volume: 1, speak: false }];
    await first.settled();
    await writeFile(join(dataDir, 'overlays.json'), JSON.stringify(old));
    const migrated = await open();
    expect(notices.list()).toEqual([]);
    expect(migrated.get().version).toBe(3);
    expect(migrated.get().alerts.types.follow.style).toEqual(defaultAlertStyle);
    expect(migrated.get().alerts.types.cheer.variations[0]).toMatchObject({ template: 'BIG {bits}', style: {} });
  });

  it('keeps a type’s look and a variation’s overrides as saved, and drops a type whose look is out of bounds, naming what was lost', async () => {
    const first = await open();
    const saved = structuredClone(first.get()) as unknown as { alerts: { types: Record<string, Record<string, unknown>> } };
    const look = { ...defaultAlertStyle, anchor: 'bottom-right', offsetX: -40, offsetY: -30, layout: 'image-left', font: 'Noto Sans', fontSizePx: 90, textColour: '#ffcc00', outlinePx: 3, shadow: false, entrance: 'bounce', exit: 'slide-from-right' };
    saved.alerts.types.cheer!.style = look;
    saved.alerts.types.cheer!.variations = [{ id: 'big', name: 'Big', when: { atLeast: 1000, below: null, tier: null, anonymous: null, rewardId: null }, template: 'BIG', durationMs: 8000, imageId: null, soundId: null, volume: 1, speak: false, style: { entrance: 'pop', fontSizePx: 120 } }];
    saved.alerts.types.raid!.style = { ...defaultAlertStyle, font: 'Arial; } body { color: red' };
    saved.alerts.types.follow!.style = { ...defaultAlertStyle, textColour: 'red' };
    saved.alerts.types.subscription!.style = { ...defaultAlertStyle, offsetX: 5000 };
    saved.alerts.types.donation!.style = { ...defaultAlertStyle, entrance: 'spin' };
    await first.settled();
    await writeFile(join(dataDir, 'overlays.json'), JSON.stringify(saved));
    const read = await open();
    expect(read.get().alerts.types.cheer.style).toEqual(look);
    expect(read.get().alerts.types.cheer.variations[0]!.style).toEqual({ entrance: 'pop', fontSizePx: 120 });
    for (const kind of ['raid', 'follow', 'subscription', 'donation'] as const) expect(read.get().alerts.types[kind].style).toEqual(defaultAlertStyle);
    expect(notices.list()[0]).toMatchObject({ done: 'Kept the overlay settings that could be read' });
  });
});

describe('an alert’s look', () => {
  it('says in words what is wrong with a value', () => {
    const problem = (change: Record<string, unknown>) => alertStyleSchema.safeParse({ ...defaultAlertStyle, ...change }).error?.issues[0]?.message;
    expect(problem({ textColour: 'red' })).toBe('A colour is written #rrggbb (for example #ffffff).');
    expect(problem({ font: 'x"; src: url(http://a)' })).toMatch(/letters, digits, spaces and hyphens/);
    expect(problem({ fontSizePx: 500 })).toBe('A text size is at most 200 px.');
    expect(problem({ offsetY: -2000 })).toBe('An offset is at least -1080 px.');
    expect(problem({ outlinePx: 1.5 })).toBe('Whole pixels.');
    expect(problem({ anchor: 'middle' })).toBeDefined();
    expect(problem({ font: 'Segoe UI' })).toBeUndefined();
  });

  it('plays a variation’s choices over its type’s, and its type’s where it has none', () => {
    const type = { ...defaultAlertStyle, anchor: 'left' as const, fontSizePx: 80 };
    expect(resolvedAlertStyle(type, { fontSizePx: 120, exit: 'none' })).toEqual({ ...type, fontSizePx: 120, exit: 'none' });
    expect(resolvedAlertStyle(type, {})).toEqual(type);
    expect(resolvedAlertStyle(type, null)).toEqual(type);
  });
});
