import { describe, expect, it } from 'vitest';
import { chatChanges, fitScale, joinsMidway, mediaUrl, overlayAddress, playsSound, socketUrl } from './overlay-view';

describe('the overlay page', () => {
  it('reads its overlay and token from its address, and connects to the server that served it', () => {
    const address = overlayAddress({ pathname: '/overlay/goal/abc123', search: '?token=T0k-_en' });
    expect(address).toEqual({ key: 'goal/abc123', token: 'T0k-_en' });
    expect(socketUrl({ host: '127.0.0.1:4321' }, address!)).toBe('ws://127.0.0.1:4321/overlay-socket/goal/abc123?token=T0k-_en');
    expect(overlayAddress({ pathname: '/overlay/alerts', search: '' })).toBeNull();
    expect(overlayAddress({ pathname: '/elsewhere', search: '?token=x' })).toBeNull();
    expect(mediaUrl('/media/ab', 'a+b')).toBe('/media/ab?token=a%2Bb');
    // The editor's preview frame says so to the server: it is not counted as a page the stream sees.
    const preview = overlayAddress({ pathname: '/overlay/alerts', search: '?token=T&preview=1' });
    expect(socketUrl({ host: '127.0.0.1:4321' }, preview!)).toBe('ws://127.0.0.1:4321/overlay-socket/alerts?token=T&preview=1');
  });

  it('scales the 1920x1080 stage whole to the source', () => {
    expect(fitScale(1920, 1080)).toBe(1);
    expect(fitScale(1280, 720)).toBeCloseTo(2 / 3);
    expect(fitScale(1920, 540)).toBe(0.5);
    expect(fitScale(0, 0)).toBe(1);
  });

  it('plays an alert’s sound only when it joins at its start', () => {
    const alert = { id: 'a', kind: 'follow' as const, text: 'x', imagePath: null, videoPath: null, soundPath: '/media/s', volume: 1, durationMs: 5_000, speak: false, variationId: null, elapsedMs: 0, startsNow: true };
    expect(playsSound(alert)).toBe(true);
    expect(playsSound({ ...alert, elapsedMs: 200, startsNow: false })).toBe(false);
    expect(playsSound({ ...alert, soundPath: null })).toBe(false);
    expect(joinsMidway(alert)).toBe(false);
    expect(joinsMidway({ ...alert, elapsedMs: 10, startsNow: false })).toBe(true);
  });

  it('removes deleted chat lines and adds new ones', () => {
    expect(chatChanges(['1', '2', '3'], [{ id: '1' }, { id: '3' }, { id: '4' }])).toEqual({ remove: ['2'], add: [{ id: '4' }] });
  });
});
