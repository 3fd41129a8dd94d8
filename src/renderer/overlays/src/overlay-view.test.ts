import { describe, expect, it } from 'vitest';
import { defaultAlertStyle } from '../../../shared/ipc/schemas/overlays';
import { alertLook, chatChanges, fitScale, joinsMidway, mediaUrl, overlayAddress, playsSound, socketUrl } from './overlay-view';

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
    const alert = { id: 'a', kind: 'follow' as const, text: 'x', imagePath: null, videoPath: null, soundPath: '/media/s', volume: 1, durationMs: 5_000, speak: false, variationId: null, style: { ...defaultAlertStyle }, elapsedMs: 0, startsNow: true };
    expect(playsSound(alert)).toBe(true);
    expect(playsSound({ ...alert, elapsedMs: 200, startsNow: false })).toBe(false);
    expect(playsSound({ ...alert, soundPath: null })).toBe(false);
    expect(joinsMidway(alert)).toBe(false);
    expect(joinsMidway({ ...alert, elapsedMs: 10, startsNow: false })).toBe(true);
  });

  it('removes deleted chat lines and adds new ones', () => {
    expect(chatChanges(['1', '2', '3'], [{ id: '1' }, { id: '3' }, { id: '4' }])).toEqual({ remove: ['2'], add: [{ id: '4' }] });
  });

  it('puts an alert’s look on as classes and CSS variables made from its checked values', () => {
    expect(alertLook(defaultAlertStyle)).toEqual({
      classes: ['anchor-top', 'layout-image-above', 'enter-slide-from-top', 'exit-slide-from-top'],
      variables: { '--alert-offset-x': '0px', '--alert-offset-y': '90px', '--alert-font-size': '64px', '--alert-text-colour': '#ffffff', '--alert-outline-colour': '#000000', '--alert-outline-width': '0px' },
    });
    const look = alertLook({ ...defaultAlertStyle, anchor: 'bottom-right', offsetX: -40, offsetY: -30, layout: 'image-behind', font: 'Noto Sans', fontSizePx: 90, textColour: '#ffcc00', outlinePx: 3, shadow: false, entrance: 'bounce', exit: 'none' });
    expect(look.classes).toEqual(['anchor-bottom-right', 'layout-image-behind', 'enter-bounce', 'exit-none', 'no-shadow']);
    expect(look.variables).toMatchObject({ '--alert-offset-x': '-40px', '--alert-offset-y': '-30px', '--alert-font': '"Noto Sans", var(--overlay-font)', '--alert-font-size': '90px', '--alert-text-colour': '#ffcc00', '--alert-outline-width': '3px' });
    // A generic family is named as it is; a name that is not a plain font name never reaches the CSS.
    expect(alertLook({ ...defaultAlertStyle, font: 'monospace' }).variables['--alert-font']).toBe('monospace, var(--overlay-font)');
    expect(alertLook({ ...defaultAlertStyle, font: 'x"; color: red' }).variables['--alert-font']).toBeUndefined();
  });
});
