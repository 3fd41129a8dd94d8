import { describe, expect, it } from 'vitest';
import { choosePlatform, defaultRedirectUri, emulatorPlatform, realPlatform } from './platform-config';

describe('choosePlatform', () => {
  it('runs the demo without a client ID', () => {
    expect(choosePlatform({}, null)).toEqual({ kind: 'demo' });
  });
  it('runs the demo when asked even with a client ID', () => {
    expect(choosePlatform({ SIDESTAGE_DEMO: '1', SIDESTAGE_CLIENT_ID: 'abc' }, 'def')).toEqual({ kind: 'demo' });
  });
  it('talks to the real platform with a client ID from settings', () => {
    const choice = choosePlatform({}, 'fromsettings');
    expect(choice).toMatchObject({ kind: 'platform', config: { clientId: 'fromsettings', clientSecret: null, redirectUri: defaultRedirectUri, ...realPlatform } });
  });
  it('prefers the environment and points every service at a custom base URL', () => {
    const choice = choosePlatform({ SIDESTAGE_CLIENT_ID: 'env', SIDESTAGE_CLIENT_SECRET: 's', SIDESTAGE_BASE_URL: 'http://127.0.0.1:9000' }, 'fromsettings');
    expect(choice).toMatchObject({
      kind: 'platform',
      config: { clientId: 'env', clientSecret: 's', baseUrl: 'http://127.0.0.1:9000', authUrl: 'http://127.0.0.1:9000', ingestUrl: 'http://127.0.0.1:9000', eventsubUrl: 'ws://127.0.0.1:9000/ws', label: 'Custom platform' },
    });
  });
});

describe('emulatorPlatform', () => {
  it('serves every platform host from one origin', () => {
    const config = emulatorPlatform('http://127.0.0.1:5000', { clientId: 'c', clientSecret: 's' }, 'http://127.0.0.1:6000/callback');
    expect(config).toMatchObject({ mode: 'demo', baseUrl: 'http://127.0.0.1:5000', authUrl: 'http://127.0.0.1:5000', eventsubUrl: 'ws://127.0.0.1:5000/ws' });
  });
});
