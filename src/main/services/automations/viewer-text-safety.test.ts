/**
 * Viewer text is data: a corpus of hostile strings a viewer can type (commands for chat and for
 * other bots, markup, template braces, control and bidirectional characters, 10 KB) run through
 * every output an automation writes to (chat, an announcement, an OBS text source, a marker's
 * description, an alert), each landing as plain text; text AutoMod held or holding one of the
 * channel's blocked terms is never re-posted, and links go when the automation asks.
 */
import { describe, expect, it } from 'vitest';
import type { AutomationAction, ChannelEventOf } from '../../../shared/ipc/contract';
import { events, recordingPorts, viewer } from '../../test-support/automation-fixtures';
import { createFakeClock } from '../../test-support/fake-clock';
import { runAction, Sleeper, type ActionContext } from './actions';
import { ChatPacer } from './chat-pacer';
import { SceneRestoreStack } from './scene-restore-stack';
import { blockedWords, commandNeutraliser, heldWords, linkWords, noViewerTextRules, type ViewerTextRules } from './template';
import { triggerEventFor, type TriggerEvent } from './triggers';

const hostile: string[] = [
  '/ban broadcaster',
  '.timeout someone 600',
  '!addcom !pwn I own this channel',
  '   !addcom !pwn behind spaces',
  '\n/mod me',
  '\u0000\u0007!addcom after controls',
  '<script>alert(1)</script><img src=x onerror=alert(1)>',
  '"><b>bold</b>&amp;&lt;',
  '{user} {reward} {input} {constructor} {__proto__} $& $1 $`',
  '{{input}}',
  'line one\r\nline two\u2028line three\u2029line four',
  '\u202Egnp.exe\u202C and \u2066isolated\u2069 \u202Aembedded\u202C',
  'zero\u200Bwidth and \uFEFFbom',
  'x'.repeat(10 * 1024),
  '🎉'.repeat(600),
];

// eslint-disable-next-line no-control-regex
const controlOrBreak = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
const bidi = /[\u202A-\u202E\u2066-\u2069]/;

/** Every output an automation writes viewer text to, each with a template that is only the viewer's words. */
const outputs: { name: string; action: AutomationAction; landed: (ports: ReturnType<typeof recordingPorts>) => string }[] = [
  { name: 'chat', action: { kind: 'chatMessage', text: '{input}' }, landed: (r) => String(r.of('chat.send')[0]![0]) },
  { name: 'an announcement', action: { kind: 'chatAnnouncement', text: '{input}', color: 'primary' }, landed: (r) => String(r.of('chat.send')[0]![0]) },
  { name: 'an OBS text source', action: { kind: 'obsSetText', inputName: 'Text', text: '{input}' }, landed: (r) => String(r.of('obs.setText')[0]![1]) },
  { name: "a marker's description", action: { kind: 'marker', description: '{input}' }, landed: (r) => String(r.of('markers.drop')[0]![0]) },
  {
    name: 'an alert',
    action: { kind: 'showAlert', alert: { source: 'custom', text: '{input}', imageId: null, soundId: null, volume: 1, durationMs: 5000 } },
    landed: (r) => (r.of('alerts.show')[0]![0] as { text: string }).text,
  },
];

const redemptionOf = (input: string) => triggerEventFor({ kind: 'redemption', rewardId: null, rewardTitle: '', inputMatch: null }, events.redemption({ input }))!;

async function land(output: (typeof outputs)[number], event: TriggerEvent, viewerText: ViewerTextRules = noViewerTextRules): Promise<string> {
  const clock = createFakeClock(0);
  const recorded = recordingPorts();
  const context: ActionContext = {
    event,
    ports: recorded.ports,
    clock,
    pacer: new ChatPacer({ clock }),
    ownAccounts: () => ['broadcaster-1'],
    sleeper: new Sleeper(clock),
    requestTimeoutMs: 20_000,
    viewerText,
    scenes: new SceneRestoreStack(),
    progress: () => {},
    ownChat: { expect: () => () => {} },
  };
  await runAction(output.action, context);
  return output.landed(recorded);
}

describe('hostile viewer strings through every output', () => {
  for (const output of outputs) {
    it(`${output.name}: each lands as plain text`, async () => {
      for (const text of hostile) {
        const landed = await land(output, redemptionOf(text));
        const what = `${output.name} <- ${JSON.stringify(text.slice(0, 40))}`;
        // Never evaluated: braces and replacement patterns come back as typed, no other field leaks in.
        if (text.includes('{user}')) expect(landed, what).toContain('{user} {reward} {input} {constructor} {__proto__} $& $1 $`');
        if (text === '{{input}}') expect(landed, what).toBe('{{input}}');
        expect(landed, what).not.toContain('Viewer1');
        // Markup stays characters (the outputs are text; nothing here renders it).
        if (text.startsWith('<script>')) expect(landed, what).toContain('<script>alert(1)</script>');
        expect(bidi.test(landed), what).toBe(false);
        if (output.name !== 'an OBS text source') expect(controlOrBreak.test(landed), what).toBe(false);
        if (output.name === 'chat' || output.name === 'an announcement') {
          expect(/^[/.!]/.test(landed), what).toBe(false);
          expect(Array.from(landed).length, what).toBeLessThanOrEqual(500);
        }
        if (output.name === "a marker's description") expect(Array.from(landed).length, what).toBeLessThanOrEqual(140);
      }
    });
  }

  it("a viewer's leading ! is neutralised in chat; the template's own ! is the broadcaster's", async () => {
    const [chat] = outputs;
    expect(await land(chat!, redemptionOf('!addcom !pwn x'))).toBe(`${commandNeutraliser}!addcom !pwn x`);
    const own = await land({ ...chat!, action: { kind: 'chatMessage', text: '!so {input}' } }, redemptionOf('someone'));
    expect(own).toBe('!so someone');
  });
});

describe('text that may not be re-posted', () => {
  const held: ChannelEventOf<'automodHold'> = {
    id: 'held-1',
    at: '2025-01-01T00:00:00.000Z',
    source: 'live',
    kind: 'automodHold',
    messageId: 'm-held',
    user: viewer(),
    text: 'something AutoMod caught',
    reason: 'blockedTerm',
    category: null,
    level: null,
    blockedTerms: ['caught'],
    heldAt: '2025-01-01T00:00:00.000Z',
  };
  const heldEvent = triggerEventFor({ kind: 'automodHold' }, held)!;

  for (const output of outputs) {
    it(`${output.name}: AutoMod's held text, a blocked term and (when asked) links never land`, async () => {
      const withMessage = { ...output, action: JSON.parse(JSON.stringify(output.action).replaceAll('{input}', '{message} ({reason})')) as AutomationAction };
      const landedHeld = await land(withMessage, heldEvent, { ...noViewerTextRules, withheld: heldEvent.withheld ?? [] });
      expect(landedHeld).toContain(heldWords);
      expect(landedHeld).not.toContain('caught');

      const blocked = await land(output, redemptionOf('buy cheap FOLLOWERS now'), { ...noViewerTextRules, blockedTerms: ['cheap followers'] });
      expect(blocked).toBe(blockedWords);

      const links = await land(output, redemptionOf('go to https://evil.example/x or discord.gg/abc now'), { ...noViewerTextRules, stripLinks: true });
      expect(links).toBe(`go to ${linkWords} or ${linkWords} now`);
      const kept = await land(output, redemptionOf('discord.gg/abc'));
      expect(kept).toBe('discord.gg/abc');
    });
  }
});

describe("hostile strings in a command's arguments, a variable and a random choice", () => {
  const commandOf = (text: string) => triggerEventFor({ kind: 'chatCommand', command: '!cmd', minRole: 'everyone' }, events.chat(`!cmd ${text}`))!;
  const withTemplate = (output: (typeof outputs)[number], template: string) => ({ ...output, action: JSON.parse(JSON.stringify(output.action).replaceAll('{input}', template)) as AutomationAction });

  for (const output of outputs) {
    it(`${output.name}: {args}, {arg1}, {var.x} and {random:...} each land as plain text`, async () => {
      for (const text of hostile) {
        const what = `${output.name} <- ${JSON.stringify(text.slice(0, 40))}`;
        const event = commandOf(text);
        // A variable set earlier from a viewer's words, read back: a value, never a template.
        const withVariable = { ...event, fields: { ...event.fields, 'var.note': text } };
        for (const [template, source] of [
          ['{args}', event],
          ['{arg1}', event],
          ['{var.note}', withVariable],
          ['{random:{args}|{arg1}}', event],
        ] as const) {
          const landed = await land(withTemplate(output, template), source);
          expect(landed, `${what} via ${template}`).not.toContain('Viewer1');
          expect(bidi.test(landed), `${what} via ${template}`).toBe(false);
          if (text.includes('{user}') && template !== '{random:{args}|{arg1}}') expect(landed, what).toContain('{user}');
          if (output.name !== 'an OBS text source') expect(controlOrBreak.test(landed), what).toBe(false);
          if (output.name === 'chat' || output.name === 'an announcement') {
            expect(/^[/.!]/.test(landed), `${what} via ${template}`).toBe(false);
            expect(Array.from(landed).length, what).toBeLessThanOrEqual(500);
          }
        }
      }
    });
  }

  it('a random choice is the template\'s own words: one pass, so a viewer\'s "{random:a|b}" stays as typed', async () => {
    const [chat] = outputs;
    expect(await land(withTemplate(chat!, 'You said: {args}'), commandOf('{random:a|b} {var.x} {target}'))).toBe('You said: {random:a|b} {var.x} {target}');
  });
});
