/**
 * The overlay page's pure parts: where its frames come from, how the 1920x1080 stage fits the
 * source, when an alert's sound plays, and which chat lines come and go. Kept apart from the DOM
 * so that they are tested in Node.
 */
import { OVERLAY_HEIGHT, OVERLAY_PAGE_PREFIX, OVERLAY_SOCKET_PREFIX, OVERLAY_WIDTH, type AlertOnScreen, type AlertStyle, genericFontFamilies, fontFamilyNameSchema } from '../../../shared/ipc/schemas/overlays';

/** The overlay's key and token from the page's address; null when it is not an overlay address. */
export function overlayAddress(location: { pathname: string; search: string }): { key: string; token: string; preview?: true } | null {
  if (!location.pathname.startsWith(OVERLAY_PAGE_PREFIX)) return null;
  const key = location.pathname.slice(OVERLAY_PAGE_PREFIX.length);
  const params = new URLSearchParams(location.search);
  const token = params.get('token');
  if (!key || !token) return null;
  // The editor's preview frame: it watches, but is not a page the stream sees.
  return params.get('preview') === '1' ? { key, token, preview: true } : { key, token };
}

/** The page's frames, on the server that served it (a preview says so: it does not count as an open page). */
export function socketUrl(location: { host: string }, address: { key: string; token: string; preview?: true }): string {
  return `ws://${location.host}${OVERLAY_SOCKET_PREFIX}${address.key}?token=${encodeURIComponent(address.token)}${address.preview ? '&preview=1' : ''}`;
}

/** A file of the media library, with the page's own token (the frames never carry one). */
export function mediaUrl(path: string, token: string): string {
  return `${path}?token=${encodeURIComponent(token)}`;
}

/** The stage is drawn at 1920x1080 and scaled, whole, to whatever size the source is. */
export function fitScale(width: number, height: number): number {
  if (!(width > 0) || !(height > 0)) return 1;
  return Math.min(width / OVERLAY_WIDTH, height / OVERLAY_HEIGHT);
}

/**
 * A page that joins an alert already on screen (opened or reloaded mid-way) shows the rest of it,
 * without its entrance or its sound: only the frame sent as an alert starts plays it.
 */
export function joinsMidway(alert: AlertOnScreen): boolean {
  return !alert.startsNow;
}

export function playsSound(alert: AlertOnScreen): boolean {
  return alert.soundPath !== null && !joinsMidway(alert);
}

/** The lines to remove (deleted by a moderator, or scrolled out) and the ones to add, in order. */
export function chatChanges<T extends { id: string }>(shownIds: readonly string[], lines: readonly T[]): { remove: string[]; add: T[] } {
  const wanted = new Set(lines.map((l) => l.id));
  const shown = new Set(shownIds);
  return { remove: shownIds.filter((id) => !wanted.has(id)), add: lines.filter((l) => !shown.has(l.id)) };
}

/**
 * How an alert's look is put on the page: class names and CSS variables only, each made from a
 * checked value (an enum, a bounded number, a #rrggbb colour, a font's plain name), so nothing
 * from the settings becomes markup or CSS of its own. With reduced motion (the viewer's or
 * Sidestage's, as it changes) the page's CSS makes each entrance and exit a fade, or none when none
 * was chosen.
 */
export function alertLook(style: AlertStyle): { classes: string[]; variables: Record<string, string> } {
  const variables: Record<string, string> = {
    '--alert-offset-x': `${style.offsetX}px`,
    '--alert-offset-y': `${style.offsetY}px`,
    '--alert-font-size': `${style.fontSizePx}px`,
    '--alert-text-colour': style.textColour,
    '--alert-outline-colour': style.outlineColour,
    '--alert-outline-width': `${style.outlinePx}px`,
  };
  const font = fontFamilyValue(style.font);
  if (font !== null) variables['--alert-font'] = font;
  const classes = [`anchor-${style.anchor}`, `layout-${style.layout}`, `enter-${style.entrance}`, `exit-${style.exit}`];
  if (!style.shadow) classes.push('no-shadow');
  return { classes, variables };
}

/** A font's name as a `font-family` value: a generic family as it is, any other quoted, with the overlays' fonts after it; null: theirs alone. */
function fontFamilyValue(font: string | null): string | null {
  if (font === null || !fontFamilyNameSchema.safeParse(font).success) return null;
  const generic = (genericFontFamilies as readonly string[]).includes(font);
  return `${generic ? font : `"${font}"`}, var(--overlay-font)`;
}
