import { describe, expect, it } from 'vitest';
import {
  fillStreamKey,
  isDeprecatedIngest,
  isIngestTemplate,
  maskStreamKey,
  parseIngestTemplate,
  streamKeyMask,
} from './ingest-url';

describe('parseIngestTemplate', () => {
  it('takes apart a plain RTMP template with the default port', () => {
    expect(parseIngestTemplate('rtmp://ingest.global-contribute.live-video.net/app/{stream_key}')).toEqual({
      scheme: 'rtmp',
      serverUrl: 'rtmp://ingest.global-contribute.live-video.net/app',
      host: 'ingest.global-contribute.live-video.net:1935',
      probeHost: 'ingest.global-contribute.live-video.net',
      probePort: 1935,
    });
  });

  it('uses 443 for RTMPS', () => {
    expect(parseIngestTemplate('rtmps://euc10.contribute.live-video.net/app/{stream_key}')).toMatchObject({
      scheme: 'rtmps',
      serverUrl: 'rtmps://euc10.contribute.live-video.net/app',
      host: 'euc10.contribute.live-video.net:443',
      probePort: 443,
    });
  });

  it('keeps an explicit port in the server URL and uses it for probing', () => {
    expect(parseIngestTemplate('rtmp://127.0.0.1:41935/app/{stream_key}')).toEqual({
      scheme: 'rtmp',
      serverUrl: 'rtmp://127.0.0.1:41935/app',
      host: '127.0.0.1:41935',
      probeHost: '127.0.0.1',
      probePort: 41935,
    });
    expect(parseIngestTemplate('rtmps://host.example:443/app/{stream_key}')?.serverUrl).toBe('rtmps://host.example:443/app');
  });

  it('accepts a bracketed IPv6 address and probes it without brackets', () => {
    expect(parseIngestTemplate('rtmp://[::1]:1936/app/{stream_key}')).toMatchObject({
      host: '[::1]:1936',
      probeHost: '::1',
      probePort: 1936,
      serverUrl: 'rtmp://[::1]:1936/app',
    });
  });

  it('accepts a nested application path', () => {
    expect(parseIngestTemplate('rtmp://host.example/live/app2/{stream_key}')?.serverUrl).toBe('rtmp://host.example/live/app2');
  });

  it('normalises the scheme and host case', () => {
    expect(parseIngestTemplate('RTMP://Live.Example.TV/app/{stream_key}')).toMatchObject({
      scheme: 'rtmp',
      serverUrl: 'rtmp://live.example.tv/app',
      host: 'live.example.tv:1935',
    });
  });

  it.each([
    ['empty', ''],
    ['no placeholder', 'rtmp://host.example/app/'],
    ['placeholder not last', 'rtmp://host.example/app/{stream_key}/x'],
    ['query after the placeholder', 'rtmp://host.example/app/{stream_key}?x=1'],
    ['placeholder in another case', 'rtmp://host.example/app/{STREAM_KEY}'],
    ['no application path', 'rtmp://host.example/{stream_key}'],
    ['http scheme', 'http://host.example/app/{stream_key}'],
    ['srt scheme', 'srt://host.example/app/{stream_key}'],
    ['user info', 'rtmp://user:pw@host.example/app/{stream_key}'],
    ['port 0', 'rtmp://host.example:0/app/{stream_key}'],
    ['port out of range', 'rtmp://host.example:65536/app/{stream_key}'],
    ['empty port', 'rtmp://host.example:/app/{stream_key}'],
    ['space in host', 'rtmp://host example/app/{stream_key}'],
    ['leading whitespace', ' rtmp://host.example/app/{stream_key}'],
    ['label starting with a hyphen', 'rtmp://-host.example/app/{stream_key}'],
    ['empty label', 'rtmp://host..example/app/{stream_key}'],
    ['double slash', 'rtmp://host.example//app/{stream_key}'],
  ])('rejects a template with %s', (_what, template) => {
    expect(parseIngestTemplate(template)).toBeNull();
    expect(isIngestTemplate(template)).toBe(false);
  });

  it('accepts the highest port', () => {
    expect(parseIngestTemplate('rtmp://host.example:65535/app/{stream_key}')?.probePort).toBe(65_535);
  });
});

describe('fillStreamKey', () => {
  const template = 'rtmp://host.example/app/{stream_key}';

  it('puts the key in place of the placeholder', () => {
    expect(fillStreamKey(template, 'live_1_abc')).toBe('rtmp://host.example/app/live_1_abc');
  });

  it('appends the bandwidth-test suffix to the key when asked', () => {
    expect(fillStreamKey(template, 'live_1_abc', { bandwidthTest: true })).toBe(
      'rtmp://host.example/app/live_1_abc?bandwidthtest=true',
    );
    expect(fillStreamKey(template, 'live_1_abc', { bandwidthTest: false })).toBe('rtmp://host.example/app/live_1_abc');
  });

  it('does not append the suffix twice', () => {
    expect(fillStreamKey(template, 'live_1_abc?bandwidthtest=true', { bandwidthTest: true })).toBe(
      'rtmp://host.example/app/live_1_abc?bandwidthtest=true',
    );
  });

  it('takes the key literally, even with replacement patterns in it', () => {
    expect(fillStreamKey(template, "a$&b$1c$'d")).toBe("rtmp://host.example/app/a$&b$1c$'d");
  });

  it('fills the secure template the same way', () => {
    expect(fillStreamKey('rtmps://host.example:443/app/{stream_key}', 'k', { bandwidthTest: true })).toBe(
      'rtmps://host.example:443/app/k?bandwidthtest=true',
    );
  });

  it('throws on a template without the placeholder', () => {
    expect(() => fillStreamKey('rtmp://host.example/app/', 'k')).toThrow(/placeholder/);
  });
});

describe('maskStreamKey', () => {
  it('keeps the live_<user id>_ prefix and hides the rest', () => {
    expect(maskStreamKey('live_123456_AbCdEfGhIjKlMnOpQrStUvWxYz0123')).toBe(`live_123456_${streamKeyMask}`);
  });

  it('keeps the guest-key prefix', () => {
    expect(maskStreamKey('live_sub_AbCdEfGhIjKl')).toBe(`live_sub_${streamKeyMask}`);
  });

  it('shows only the mask for keys of any other shape', () => {
    for (const key of ['sk_abcdef0123456789', 'live_abc_def', 'LIVE_1_abc', 'x', '']) {
      expect(maskStreamKey(key)).toBe(streamKeyMask);
    }
  });

  it('shows only the mask when nothing follows the prefix', () => {
    expect(maskStreamKey('live_123_')).toBe(streamKeyMask);
  });

  it('never contains any of the secret part, whatever its length', () => {
    for (const secret of ['a', 'abcdef', 'Z'.repeat(30), 'x'.repeat(300)]) {
      const masked = maskStreamKey(`live_42_${secret}`);
      expect(masked).toBe(`live_42_${streamKeyMask}`);
      expect(masked).not.toContain(secret);
    }
  });

  it('does not reveal the key length', () => {
    expect(maskStreamKey('live_1_short')).toHaveLength(maskStreamKey('live_1_a-much-longer-secret-part').length);
  });

  it('goes into a template like a key', () => {
    expect(fillStreamKey('rtmp://host.example/app/{stream_key}', maskStreamKey('live_77_secret'), { bandwidthTest: true })).toBe(
      `rtmp://host.example/app/live_77_${streamKeyMask}?bandwidthtest=true`,
    );
  });
});

describe('isDeprecatedIngest', () => {
  it.each([
    ['EU: Amsterdam, NL (deprecated)', true],
    ['Deprecated: US East', true],
    ['US WEST DEPRECATED', true],
    ['EU: Frankfurt, DE', false],
    ['Default', false],
    ['', false],
  ])('%s -> %s', (name, expected) => {
    expect(isDeprecatedIngest(name)).toBe(expected);
  });
});
