import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { requestedScopeList } from '../shared/domain/scopes';
import { knownScopeList } from './scopes';
import { call } from './test-support/emulator-test-client';
import { startEmulator } from './server';

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('startEmulator', () => {
  it('starts empty: no clients, users or channels, but the platform catalogue', async () => {
    const emu = await startEmulator({ seed: 'empty' });
    try {
      expect(emu.url).toBe(`http://127.0.0.1:${emu.port}`);
      expect(emu.demo).toBeNull();
      const state = (await call(`${emu.url}/_emulator/state`)).json;
      expect(state.users).toEqual([]);
      expect(state.clients).toEqual([]);
      expect(emu.state.channels.list()).toEqual([]);
      expect(emu.state.catalogue.ingestServers.length).toBeGreaterThan(10);
      expect(emu.state.catalogue.games.length).toBeGreaterThan(0);
      // Reset keeps it empty.
      await call(`${emu.url}/_emulator/users`, { json: { login: 'someone' } });
      expect((await call(`${emu.url}/_emulator/reset`, { method: 'POST' })).json.users).toEqual([]);
    } finally {
      await emu.close();
    }
  });

  it('seeds the demo channel', async () => {
    const emu = await startEmulator({ demoRedirectUris: ['http://127.0.0.1:5555/cb'] });
    try {
      expect(emu.demo).toEqual({
        clientId: expect.stringMatching(/^[a-z0-9]{30}$/),
        clientSecret: expect.any(String),
        publicClientId: expect.stringMatching(/^[a-z0-9]{30}$/),
        broadcaster: { id: expect.stringMatching(/^\d+$/), login: 'sidestage_demo' },
        viewers: expect.arrayContaining([{ id: expect.stringMatching(/^\d+$/), login: expect.any(String) }]),
        bot: { id: expect.stringMatching(/^\d+$/), login: 'sidestage_bot' },
      });
      expect(emu.demo!.viewers.length).toBeGreaterThanOrEqual(3);
      expect(emu.state.clients.get(emu.demo!.clientId)).toMatchObject({ name: 'Sidestage Demo', type: 'confidential', redirectUris: ['http://127.0.0.1:5555/cb'] });
      expect(emu.state.clients.get(emu.demo!.publicClientId)).toMatchObject({ type: 'public', clientSecret: null });
      expect(emu.state.users.get(emu.demo!.broadcaster.id)).toMatchObject({ displayName: 'Sidestage_Demo', broadcasterType: 'partner' });
      expect(emu.state.channels.get(emu.demo!.broadcaster.id)?.streamKey).toMatch(/^live_\d+_[A-Za-z0-9]{30}$/);
    } finally {
      await emu.close();
    }
  });

  it('closes everything, once or twice', async () => {
    const emu = await startEmulator({ seed: 'empty' });
    await call(`${emu.url}/ingests`);
    await Promise.all([emu.close(), emu.close()]);
    expect(await refused(emu.port)).toBe(true);
  });

  it('refuses a taken port', async () => {
    const first = await startEmulator({ seed: 'empty' });
    try {
      await expect(startEmulator({ seed: 'empty', port: first.port })).rejects.toThrow();
    } finally {
      await first.close();
    }
  });
});

describe('cli', () => {
  it('prints the contract line first, then the demo credentials, and closes on SIGTERM', async () => {
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', cli, '--', '--port', '0', '--seed', 'demo'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let output = '';
      child.stdout.setEncoding('utf8');
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: string) => {
          output += chunk;
          if (output.includes('try: curl')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`cli exited with ${code}: ${output}`)));
      });
      const lines = output.split('\n');
      expect(lines[0]).toMatch(/^emulator listening on http:\/\/127\.0\.0\.1:\d+$/);
      expect(output).toContain('client_secret=');
      expect(output).toContain('sidestage_demo');
      const url = lines[0]!.replace('emulator listening on ', '');
      const token = /broadcaster user token: ([a-z0-9]{30})/.exec(output)?.[1];
      const clientId = /client_id=([a-z0-9]{30})/.exec(output)?.[1];
      const users = await call(`${url}/helix/users`, { headers: { authorization: `Bearer ${token}`, 'client-id': clientId! } });
      expect(users.status).toBe(200);
      expect(users.json.data[0].login).toBe('sidestage_demo');
      // Every scope the app asks for, the newest features' included, and every other scope the
      // emulator knows: a third-party client taking the printed token calls what Sidestage never does.
      const validated = await call(`${url}/oauth2/validate`, { headers: { authorization: `OAuth ${token}` } });
      expect(validated.json.scopes).toEqual(expect.arrayContaining([...requestedScopeList, ...knownScopeList]));
      const asBroadcaster = { headers: { authorization: `Bearer ${token}`, 'client-id': clientId! } };
      const broadcasterId = users.json.data[0].id as string;
      expect(users.json.data[0].email).toEqual(expect.any(String));
      const editors = await call(`${url}/helix/channels/editors?broadcaster_id=${broadcasterId}`, asBroadcaster);
      expect(editors.status).toBe(200);
      const chatters = await call(`${url}/helix/chat/chatters?broadcaster_id=${broadcasterId}&moderator_id=${broadcasterId}`, asBroadcaster);
      expect(chatters.status).toBe(200);

      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
