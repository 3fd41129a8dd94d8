/**
 * The corruption suite: each file Sidestage writes in its data directory is damaged in several
 * ways, then the dock's start-up runs as `npm run dock` does (openDockData + createSidestage). It
 * must start, name the file in a notice, keep every valid entry, and keep the damaged file aside.
 * A journal (`common/append-journal.ts`) emptied or cut short in its last line is what a crash
 * leaves: read as such, with nothing said. Prints per file: tries, correct recoveries, crashes,
 * valid entries lost.
 */
import { execFile } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DataRecoveryNotice } from '../shared/ipc/contract';
import { openDockData } from './dock/dock-data';
import { createAesFileCipher } from './services/auth/aes-file-cipher';
import { silentLogger } from './services/logger';
import type { SettingsStore } from './services/settings/settings-store';
import {
  alertQueueFileFixture,
  automationFixture,
  automationRunFixture,
  automationsFileFixture,
  goalFixture,
  markerPressFixture,
  mediaFileFixture,
  mediaItemFixture,
  outboxEntryFixture,
  overlaysFileFixture,
  queuedAlertFixture,
} from './test-support/data-file-fixtures';
import { startDockServices } from './test-support/dock-start-up';

const isRoot = process.getuid?.() === 0;
/** Root reads any file whatever its mode: the unreadable case runs the start-up as this user instead. */
const nobody = 65534;
const run = promisify(execFile);
const startScript = 'src/main/test-support/start-dock-services.ts';

/**
 * Why the unreadable case cannot run as `nobody` here, or null when it can: a clone (or Node) in a
 * folder `nobody` cannot enter (a 0700 temporary folder, /root) fails its child at the import.
 */
async function whyNobodyCannotRun(): Promise<string | null> {
  try {
    await run(process.execPath, ['--import', 'tsx', '-e', `require('node:fs').accessSync(${JSON.stringify(startScript)}, require('node:fs').constants.R_OK)`], {
      uid: nobody,
      gid: nobody,
      timeout: 30_000,
    });
    return null;
  } catch (error) {
    const detail = String((error as { stderr?: string }).stderr ?? (error as Error).message).split('\n').find((line) => line.includes('Error')) ?? 'it could not start';
    return `root reads every file, and nobody (uid ${nobody}) cannot reach Node or this clone at ${process.cwd()} (${detail.trim().slice(0, 160)})`;
  }
}
const nobodyCannotRun = isRoot ? await whyNobodyCannotRun() : null;

/** The dock's start-up in a child process as `nobody`; answers its notices. */
async function startAsNobody(dir: string): Promise<DataRecoveryNotice[]> {
  await chown(dir, nobody, nobody);
  for (const name of await readdir(dir)) await chown(join(dir, name), nobody, nobody);
  const { stdout } = await run(process.execPath, ['--import', 'tsx', startScript, dir], {
    uid: nobody,
    gid: nobody,
    timeout: 30_000,
    env: { ...process.env, HOME: dir },
  });
  return JSON.parse(stdout.trim().split('\n').pop()!) as DataRecoveryNotice[];
}
const press = markerPressFixture;

/** A data file: its valid form, and a form with one bad entry among good ones (with what must survive). */
interface DataFile {
  name: string;
  /** What the file refers to, put in place before it is damaged (the media library's copies). */
  prepare?(dir: string): Promise<void>;
  valid(dir: string): string | Buffer;
  oneBad?: { text: string; check(dir: string, settings: SettingsStore): Promise<number> };
  /**
   * A journal of lines (`common/append-journal.ts`): an empty file or a last line cut short is what
   * a crash leaves, read as such (no notice, nothing set aside); `cut` counts the complete lines of
   * the valid form's first half (its first line) that were not kept.
   */
  journal?: { cut(dir: string): Promise<number> };
}

/** Journal lines `[seq, entry]`, as `AppendJournal` writes them. */
const journalLines = (entries: unknown[]) => entries.map((entry, i) => `${JSON.stringify([i + 1, entry])}\n`).join('');
const alertQueueLine = (eventId: string) => ({ seen: [[eventId, 1]], queue: { waiting: [], showing: null, last: null, pausedByHand: false, adBreakUntil: null } });
const runsKept = async (dir: string, ids: string[]) => {
  const now = JSON.parse(await readFile(join(dir, 'automation-runs.json'), 'utf8')) as { runs: { id: string }[] };
  return ids.filter((id) => !now.runs.some((r) => r.id === id)).length;
};
const alertIdsKept = async (dir: string, ids: string[]) => {
  const now = JSON.parse(await readFile(join(dir, 'alert-queue.json'), 'utf8')) as { seen: [string, number][] };
  return ids.filter((id) => !now.seen.some(([seen]) => seen === id)).length;
};

/** A recorded broadcast, as `broadcast-stories.json` holds it, and the live journal's lines of one. */
const storyFixture = (id: string) => ({
  id,
  startedAt: '2026-01-01T20:00:00.000Z',
  endedAt: '2026-01-01T21:00:00.000Z',
  title: 'A broadcast',
  categoryName: '',
  minutes: [storyMinute(0)],
  moments: [],
  chatters: [],
  followers: [],
  subscribers: [],
});
function storyMinute(minute: number) {
  return { minute, viewers: 3, chatLines: 1, chatters: 1, follows: 0, subs: 0, bits: 0, redemptions: 0, donations: 0 };
}
const storyMinuteLine = (minute: number) => ({ type: 'minute', id: 'live-1', minute: storyMinute(minute), chatters: [], followers: [], subscribers: [] });
const storyBegin = { type: 'begin', head: { id: 'live-1', startedAt: '2026-01-01T20:00:00.000Z', title: '', categoryName: '' } };
/** The minutes of broadcast `live-1` not kept, wherever it is now (still live, or ended at start). */
const storyMinutesLost = async (dir: string, minutes: number[]) => {
  const read = async (name: string) => JSON.parse(await readFile(join(dir, name), 'utf8').catch(() => 'null')) as unknown;
  const live = (await read('broadcast-story-live.json')) as { live: { id: string; minutes: { minute: number }[] } | null } | null;
  const stories = (await read('broadcast-stories.json')) as { broadcasts: { id: string; minutes: { minute: number }[] }[] } | null;
  const story = [live?.live, ...(stories?.broadcasts ?? [])].find((b) => b?.id === 'live-1');
  return minutes.filter((m) => !story?.minutes.some((kept) => kept.minute === m)).length;
};

const files: DataFile[] = [
  {
    name: 'broadcast-stories.json',
    valid: () => JSON.stringify({ version: 1, broadcasts: [storyFixture('a')] }),
    oneBad: {
      text: JSON.stringify({ version: 1, broadcasts: [storyFixture('a'), { id: 42, minutes: 'none' }, storyFixture('b')] }),
      async check(dir) {
        const now = JSON.parse(await readFile(join(dir, 'broadcast-stories.json'), 'utf8')) as { broadcasts: { id: string }[] };
        return 2 - now.broadcasts.filter((b) => b.id === 'a' || b.id === 'b').length;
      },
    },
  },
  {
    name: 'broadcast-story-live.journal.a',
    valid: () => journalLines([storyBegin, storyMinuteLine(0), storyMinuteLine(1)]),
    oneBad: {
      text: journalLines([storyBegin, storyMinuteLine(0), { type: 'minute', id: 'live-1', minute: 'sideways' }, storyMinuteLine(1)]),
      check: (dir) => storyMinutesLost(dir, [0, 1]),
    },
    // The first half holds the begin line alone: no minute of it is lost.
    journal: { cut: (dir) => storyMinutesLost(dir, []) },
  },
  {
    name: 'settings.json',
    valid: () => JSON.stringify({ markers: { hotkey: 'F9', descriptionTemplate: 'x' }, notifications: { donations: false } }),
    oneBad: {
      // The hotkey has the wrong type; the other two settings are valid and must be kept.
      text: JSON.stringify({ markers: { hotkey: 42, descriptionTemplate: 'Marker {n}' }, notifications: { donations: false } }),
      async check(_dir, settings) {
        expect(settings.get('markers.hotkey')).toBe('CommandOrControl+Alt+M');
        let lost = 0;
        if (settings.get('markers.descriptionTemplate') !== 'Marker {n}') lost++;
        if (settings.get('notifications.donations') !== false) lost++;
        return lost;
      },
    },
  },
  {
    name: 'redemption-outbox.json',
    valid: () => JSON.stringify({ version: 1, entries: [outboxEntryFixture('a')] }),
    oneBad: {
      text: JSON.stringify({ version: 1, entries: [outboxEntryFixture('a'), { id: 'bad', status: 'MAYBE' }, outboxEntryFixture('b')] }),
      async check(dir) {
        const now = JSON.parse(await readFile(join(dir, 'redemption-outbox.json'), 'utf8')) as { entries: { id: string }[] };
        return 2 - now.entries.filter((e) => e.id === 'a' || e.id === 'b').length;
      },
    },
  },
  {
    name: 'notified-items.json',
    valid: () => JSON.stringify({ version: 1, seen: [['redemption:1', 1]] }),
    oneBad: {
      text: JSON.stringify({ version: 1, seen: [['redemption:1', 1], ['redemption:2'], ['redemption:3', 3]] }),
      async check(dir) {
        const now = JSON.parse(await readFile(join(dir, 'notified-items.json'), 'utf8')) as { seen: [string, number][] };
        return 2 - now.seen.filter(([k]) => k === 'redemption:1' || k === 'redemption:3').length;
      },
    },
  },
  {
    name: 'marker-log.json',
    valid: () => JSON.stringify({ version: 1, broadcasts: [{ streamId: 's1', startedAt: null, title: 'T', entries: [press('p1')] }] }),
    oneBad: {
      text: JSON.stringify({
        version: 1,
        broadcasts: [
          { streamId: 's1', startedAt: null, title: 'T', entries: [press('p1'), { id: 'p2', status: 'lost' }, press('p3')] },
          { streamId: 's2', startedAt: null, title: 'U', entries: [press('p4')] },
          // The broadcast's own details are damaged; its presses are not.
          { streamId: 's3', startedAt: 7, title: null, entries: [press('p5')] },
        ],
      }),
      async check(dir) {
        const now = JSON.parse(await readFile(join(dir, 'marker-log.json'), 'utf8')) as { broadcasts: { streamId: string; entries: { id: string }[] }[] };
        const ids = now.broadcasts.flatMap((b) => b.entries.map((e) => e.id));
        expect(now.broadcasts.find((b) => b.entries.some((e) => e.id === 'p5'))?.streamId).toBe('s3');
        return ['p1', 'p3', 'p4', 'p5'].filter((id) => !ids.includes(id)).length;
      },
    },
  },
  {
    name: 'automations.json',
    valid: () => automationsFileFixture([automationFixture('a')]),
    oneBad: {
      text: automationsFileFixture([automationFixture('a'), { id: 'bad', name: 'No actions', actions: [] }, automationFixture('b')]),
      async check(dir) {
        const now = JSON.parse(await readFile(join(dir, 'automations.json'), 'utf8')) as { automations: { id: string }[] };
        return 2 - now.automations.filter((a) => a.id === 'a' || a.id === 'b').length;
      },
    },
  },
  {
    name: 'automation-runs.json',
    valid: () => JSON.stringify({ version: 1, runs: [automationRunFixture('a')] }),
    oneBad: {
      text: JSON.stringify({ version: 1, runs: [automationRunFixture('a'), { id: 'bad', status: 'sideways' }, automationRunFixture('b')] }),
      async check(dir) {
        const now = JSON.parse(await readFile(join(dir, 'automation-runs.json'), 'utf8')) as { runs: { id: string }[] };
        return 2 - now.runs.filter((r) => r.id === 'a' || r.id === 'b').length;
      },
    },
  },
  {
    name: 'automation-handled.json',
    valid: () => JSON.stringify({ version: 1, handled: [['a1|follow-1', 1]] }),
    oneBad: {
      text: JSON.stringify({ version: 1, handled: [['a1|follow-1', 1], ['a1|follow-2'], ['a1|follow-3', 3]] }),
      async check(dir) {
        const now = JSON.parse(await readFile(join(dir, 'automation-handled.json'), 'utf8')) as { handled: [string, number][] };
        return 2 - now.handled.filter(([k]) => k === 'a1|follow-1' || k === 'a1|follow-3').length;
      },
    },
  },
  {
    name: 'automation-runs.journal.a',
    valid: () => journalLines([automationRunFixture('a'), automationRunFixture('b'), automationRunFixture('c')]),
    oneBad: {
      text: journalLines([automationRunFixture('a'), { id: 'bad', status: 'sideways' }, automationRunFixture('b')]),
      check: (dir) => runsKept(dir, ['a', 'b']),
    },
    journal: { cut: (dir) => runsKept(dir, ['a']) },
  },
  {
    name: 'alert-queue.journal.a',
    valid: () => journalLines([alertQueueLine('follow-a'), alertQueueLine('follow-b'), alertQueueLine('follow-c')]),
    oneBad: {
      text: journalLines([alertQueueLine('follow-a'), { seen: 'not a list' }, alertQueueLine('follow-b')]),
      check: (dir) => alertIdsKept(dir, ['follow-a', 'follow-b']),
    },
    journal: { cut: (dir) => alertIdsKept(dir, ['follow-a']) },
  },
  {
    name: 'alert-queue.json',
    valid: () => alertQueueFileFixture([queuedAlertFixture('a')], [['follow-a', 1]]),
    oneBad: {
      text: alertQueueFileFixture([queuedAlertFixture('a'), { id: 'event:bad', kind: 'sideways' }, queuedAlertFixture('b')], [['follow-a', 1], ['follow-bad'], ['follow-b', 2]]),
      async check(dir) {
        const now = JSON.parse(await readFile(join(dir, 'alert-queue.json'), 'utf8')) as { waiting: { id: string }[] };
        const waiting = ['event:a', 'event:b'].filter((id) => !now.waiting.some((alert) => alert.id === id)).length;
        return waiting + (await alertIdsKept(dir, ['follow-a', 'follow-b']));
      },
    },
  },
  {
    name: 'overlays.json',
    valid: () => overlaysFileFixture([goalFixture('a')]),
    oneBad: {
      text: overlaysFileFixture([goalFixture('a'), { id: 'Not An Id', source: 'elsewhere' }, goalFixture('b')]),
      async check(dir) {
        const now = JSON.parse(await readFile(join(dir, 'overlays.json'), 'utf8')) as { goals: { id: string }[]; tokens: Record<string, string> };
        const goals = ['a', 'b'].filter((id) => !now.goals.some((goal) => goal.id === id)).length;
        return goals + (now.tokens.alerts === 'A'.repeat(43) ? 0 : 1);
      },
    },
  },
  {
    name: 'media.json',
    async prepare(dir) {
      await mkdir(join(dir, 'media'));
      for (const id of ['a', 'b']) await writeFile(join(dir, 'media', `${mediaItemFixture(id).id}.png`), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    },
    valid: () => mediaFileFixture([mediaItemFixture('a')]),
    oneBad: {
      text: mediaFileFixture([mediaItemFixture('a'), { id: 'bad', kind: 'video' }, mediaItemFixture('b')]),
      async check(dir) {
        const now = JSON.parse(await readFile(join(dir, 'media.json'), 'utf8')) as { items: { id: string }[] };
        return ['a', 'b'].filter((id) => !now.items.some((item) => item.id === mediaItemFixture(id).id)).length;
      },
    },
  },
  { name: 'tokens.enc', valid: (dir) => createAesFileCipher(join(dir, 'token.key')).encrypt('{"shape":"not tokens"}') },
  { name: 'obs-password.enc', valid: (dir) => createAesFileCipher(join(dir, 'token.key')).encrypt('{"shape":"not a password"}') },
  { name: 'dock-secret', valid: () => 'A'.repeat(32) },
];

type Damage = 'empty' | 'truncated' | 'garbage' | 'wrong shape' | 'one bad entry' | 'directory' | 'unreadable';
const damages: Damage[] = ['empty', 'truncated', 'garbage', 'wrong shape', 'one bad entry', 'directory', 'unreadable'];

async function damage(dir: string, file: DataFile, how: Damage): Promise<boolean> {
  const path = join(dir, file.name);
  const valid = file.valid(dir);
  switch (how) {
    case 'empty':
      await writeFile(path, '');
      return true;
    case 'truncated':
      await writeFile(path, Buffer.from(valid).subarray(0, Math.floor(Buffer.from(valid).length / 2)));
      return true;
    case 'garbage': {
      const garbage = Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x22, 0x9c, 0x00, 0x01]);
      // In a journal, bytes after the last line break are a line a crash cut short: the garbage is a line of its own.
      await writeFile(path, file.journal ? Buffer.concat([garbage, Buffer.from('\n')]) : garbage);
      return true;
    }
    case 'wrong shape':
      // The encrypted files' valid form is already of the wrong shape inside its encryption.
      await writeFile(path, file.name.endsWith('.enc') ? valid : file.name === 'dock-secret' ? 'short' : file.journal ? '[1, 2, 3]\n' : '[1, 2, 3]');
      return true;
    case 'one bad entry':
      if (!file.oneBad) return false;
      await writeFile(path, file.oneBad.text);
      return true;
    case 'directory':
      await mkdir(path);
      await writeFile(join(path, 'inside'), 'x');
      return true;
    case 'unreadable':
      await writeFile(path, valid);
      await chmod(path, 0o000);
      return true;
  }
}

/** The dock's start-up in this process; answers the notices the renderer would read. */
async function startInProcess(dir: string): Promise<DataRecoveryNotice[]> {
  const sidestage = await startDockServices(dir);
  try {
    const answer = await sidestage.router.dispatch('data:getNotices', undefined, { trusted: true, description: 'test' });
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.value as DataRecoveryNotice[];
  } finally {
    await sidestage.dispose();
  }
}

const tally = new Map<string, { tries: number; recovered: number; crashes: number; lost: number }>();
function count(name: string, field: 'tries' | 'recovered' | 'crashes' | 'lost', by = 1): void {
  const row = tally.get(name) ?? { tries: 0, recovered: 0, crashes: 0, lost: 0 };
  row[field] += by;
  tally.set(name, row);
}

afterAll(() => {
  const rows = [...tally].map(([file, r]) => `${file.padEnd(24)} ${String(r.tries).padStart(5)} ${String(r.recovered).padStart(9)} ${String(r.crashes).padStart(7)} ${String(r.lost).padStart(10)}`);
  console.log(['corruption suite: file, tries, recovered, crashes, valid entries lost', ...rows].join('\n'));
});

describe('a damaged data directory', () => {
  for (const file of files) {
    for (const how of damages) {
      const skipReason = how === 'one bad entry' && !file.oneBad ? 'the file has no entries' : how === 'unreadable' ? nobodyCannotRun : null;
      const crashLeftIt = Boolean(file.journal) && (how === 'empty' || how === 'truncated');
      const expected = crashLeftIt ? 'starts, reads it as a crash leaves it (nothing said, nothing set aside), keeps its complete lines' : 'starts, names the file, keeps what is valid and the damaged file';
      it.skipIf(skipReason !== null)(`${file.name}, ${how}: ${expected}${skipReason ? ` (skipped: ${skipReason})` : ''}`, async () => {
        const dir = await mkdtemp(join(tmpdir(), 'sidestage-corrupt-'));
        count(file.name, 'tries');
        try {
          await file.prepare?.(dir);
          await damage(dir, file, how);
          const before = how === 'directory' ? null : await readFile(join(dir, file.name)).catch(() => null);
          let notices: DataRecoveryNotice[];
          let settings: SettingsStore;
          try {
            notices = how === 'unreadable' && isRoot ? await startAsNobody(dir) : await startInProcess(dir);
            // Reopened as the dock would at its next start: what the recovery kept is what it reads.
            settings = (await openDockData(dir, silentLogger)).settings;
          } catch (error) {
            count(file.name, 'crashes');
            throw error;
          }
          const notice = notices.find((n) => n.file === file.name);
          if (file.journal && crashLeftIt) {
            // What a crash leaves: read as such, said nowhere, nothing set aside, the complete lines kept.
            expect(notice, `no notice for ${file.name} ${how}`).toBeUndefined();
            expect((await readdir(dir)).filter((n) => n.includes('.damaged-'))).toEqual([]);
            if (how === 'truncated') {
              const lost = await file.journal.cut(dir);
              count(file.name, 'lost', lost);
              expect(lost).toBe(0);
            }
            count(file.name, 'recovered');
            return;
          }
          expect(notice, `a notice naming ${file.name}`).toBeDefined();
          expect(notice!.setAsideAs).toMatch(new RegExp(`^${file.name}\\.damaged-`));
          const aside = join(dir, notice!.setAsideAs!);
          if (how === 'directory') expect((await stat(aside)).isDirectory()).toBe(true);
          else expect(await readFile(aside)).toEqual(before);
          if (file.name === 'dock-secret') expect(notice!.consequence).toMatch(/OBS dock URL has changed/);
          if (how === 'one bad entry') {
            expect(notice!.lost).toBeTruthy();
            const lost = await file.oneBad!.check(dir, settings);
            count(file.name, 'lost', lost);
            expect(lost).toBe(0);
          }
          count(file.name, 'recovered');
        } finally {
          await chmod(join(dir, file.name), 0o600).catch(() => {});
          await rm(dir, { recursive: true, force: true });
        }
        // The unreadable case starts a child through tsx as another user: seconds on a busy machine.
      }, 60_000);
    }
  }

  it('creates a fresh data directory 0700 and its files 0600', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'sidestage-fresh-'));
    const dir = join(parent, 'dock');
    try {
      const data = await openDockData(dir, silentLogger);
      data.settings.set('markers.hotkey', 'F8');
      expect((await stat(dir)).mode & 0o777).toBe(0o700);
      expect((await stat(join(dir, 'settings.json'))).mode & 0o777).toBe(0o600);
      expect((await stat(join(dir, 'dock-secret'))).mode & 0o777).toBe(0o600);
      expect(data.recoveryNotices.list()).toEqual([]);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it('tightens an existing data directory left 0755 by an older version', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sidestage-loose-'));
    try {
      await chmod(dir, 0o755);
      await openDockData(dir, silentLogger);
      expect((await stat(dir)).mode & 0o777).toBe(0o700);
      expect(await readdir(dir)).toContain('dock-secret');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
