/** The lint rule that keeps one channel-event stream: a service outside services/events/ reading EventSub itself is refused. */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Run from the repository (as vitest is): the project's own eslint.config.js applies.
const eslint = new ESLint();

async function messagesFor(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax' || m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const elsewhere = ['src/main/services/activity/some-feed.ts', 'src/main/services/automations/some-trigger.test.ts'];

describe('one channel-event stream', () => {
  it.each([
    ['listening to the notifications of a type', "export const follow = (events: any) => events.onNotification('channel.follow', () => {});"],
    ['asking for a subscription', "export const ask = (deps: any) => deps.events.want('channel.cheer', { version: '1' });"],
    ['importing the EventSub wire schemas', "import { frameSchema } from '../events/eventsub-messages';\nexport const frame = frameSchema;"],
  ])('refuses %s in a service outside services/events/', async (_, code) => {
    for (const file of elsewhere) expect(await messagesFor(code, file)).toEqual([expect.stringContaining('the one channel-event stream')]);
  });

  it('still refuses raw IPC and Electron there', async () => {
    expect(await messagesFor("import { app } from 'electron';\nexport const quit = () => app.quit();", elsewhere[0]!)).toEqual([expect.stringContaining('may import electron')]);
    expect(await messagesFor('export const listen = (ipcMain: any) => ipcMain.handle;', elsewhere[0]!)).toEqual([expect.stringContaining('typed IPC wrapper')]);
  });

  it('lets a service subscribe to the stream, and services/events/ read EventSub', async () => {
    expect(await messagesFor("export const follow = (channelEvents: any) => channelEvents.on(['follow'], () => {});", elsewhere[0]!)).toEqual([]);
    const reader = "import { frameSchema } from './eventsub-messages';\nexport const read = (events: any) => [frameSchema, events.want('channel.cheer', { version: '1' }), events.onNotification('channel.cheer', () => {})];";
    expect(await messagesFor(reader, 'src/main/services/events/channel-events.ts')).toEqual([]);
  });
});
