import { describe, expect, it } from 'vitest';
import { SimulationApiError } from '../../../emulator/simulation-client';
import { alertKinds } from '../../../shared/ipc/schemas/overlays';
import type { AlertEvent } from './alert-rules';
import { AlertRules } from './alert-rules';
import { EmulatorAlertTests, LocalAlertTests, testEvent, type AlertTestEmulator } from './alert-tests';
import { defaultSavedOverlays } from './overlay-settings';

describe('the Test buttons', () => {
  it('against the real platform: queues a made-up event of each type, each one an alert', async () => {
    const shown: AlertEvent[] = [];
    const tests = new LocalAlertTests((event) => shown.push(event));
    const rules = new AlertRules();
    for (const kind of alertKinds) {
      expect(await tests.send(kind)).toMatch(/nobody really did this/);
      const made = rules.alertFor(shown.at(-1)!, defaultSavedOverlays().alerts, { forced: true, test: true });
      expect(made?.kind).toBe(kind);
      expect(made?.alert.test).toBe(true);
    }
    expect(new Set(shown.map((e) => e.id)).size).toBe(alertKinds.length);
    expect(testEvent('follow').id).toMatch(/^test:/);
  });

  it('in demo mode: the emulator makes the event, from a viewer made for it', async () => {
    const calls: string[] = [];
    const record = (name: string) => async (body: unknown) => {
      calls.push(`${name} ${JSON.stringify(body)}`);
      return { id: '77', display_name: 'AlertTest_x' };
    };
    const emulator = { createUser: record('createUser'), follow: record('follow'), cheer: record('cheer') } as unknown as AlertTestEmulator;
    const tests = new EmulatorAlertTests({ emulator, broadcasterId: '1' });
    expect(await tests.send('follow')).toBe('AlertTest_x followed the practice channel.');
    expect(calls[1]).toBe('follow {"user_id":"77","broadcaster_id":"1"}');
    await tests.send('cheer');
    expect(calls.at(-1)).toMatch(/^cheer .*"bits":100/);
  });

  it('in demo mode: a refusal of the emulator is said in words', async () => {
    const emulator = {
      createUser: async () => ({ id: '77', display_name: 'X' }),
      donate: async () => {
        throw new SimulationApiError('POST', '/_emulator/donations', 409, { error: 'Conflict', status: 409, message: 'No active campaign' });
      },
    } as unknown as AlertTestEmulator;
    await expect(new EmulatorAlertTests({ emulator, broadcasterId: '1' }).send('donation')).rejects.toThrow('No charity campaign is running on the practice channel');
  });
});
