/**
 * Ingest URL templates of the platform's ingest directory (`rtmp://host[:port]/app/{stream_key}`):
 * taking them apart for display and probing, filling in the stream key, and masking it.
 * Pure: shared by main and the renderer.
 */

export const streamKeyPlaceholder = '{stream_key}';

/** What an encoder's "Stream Key" field gets appended so the channel does not go live. */
export const bandwidthTestSuffix = '?bandwidthtest=true';

/** Shown in place of the secret part of a stream key; a fixed length so the key's length does not leak. */
export const streamKeyMask = '••••';

export type IngestScheme = 'rtmp' | 'rtmps';

export interface ParsedIngestTemplate {
  scheme: IngestScheme;
  /** The encoder's "Server" field: the template without `/{stream_key}`, e.g. `rtmp://host/app`. */
  serverUrl: string;
  /** `host:port` for display, with the scheme's default port when the template names none. */
  host: string;
  /** Host name or address to open a TCP connection to (IPv6 without brackets). */
  probeHost: string;
  probePort: number;
}

const defaultPorts: Record<IngestScheme, number> = { rtmp: 1935, rtmps: 443 };

const label = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
// A user-info part (`user:pass@host`), a query or a fragment has no place in an ingest template,
// so the pattern leaves them out rather than letting a URL parser accept them. The scheme matches in
// either case (schemes are case-insensitive); the placeholder only exactly, as `fillStreamKey` replaces it.
const templatePattern = new RegExp(
  `^([Rr][Tt][Mm][Pp][Ss]?)://(\\[[0-9A-Fa-f:.]+\\]|${label}(?:\\.${label})*)(?::(\\d{1,5}))?((?:/[^/?#\\s{}]+)+)/\\{stream_key\\}$`,
);

/** Takes a directory entry's template apart; null when it is not a usable `rtmp(s)://host/app/{stream_key}`. */
export function parseIngestTemplate(template: string): ParsedIngestTemplate | null {
  const match = templatePattern.exec(template);
  if (!match) return null;
  const [, rawScheme = '', rawHost = '', rawPort, path = ''] = match;
  const scheme = rawScheme.toLowerCase() as IngestScheme;
  let port = defaultPorts[scheme];
  if (rawPort !== undefined) {
    port = Number(rawPort);
    if (port < 1 || port > 65_535) return null;
  }
  const host = rawHost.toLowerCase();
  const probeHost = host.startsWith('[') ? host.slice(1, -1) : host;
  return {
    scheme,
    // Keeps an explicit port: an encoder pointed at a non-default port needs it.
    serverUrl: `${scheme}://${host}${rawPort !== undefined ? `:${port}` : ''}${path}`,
    host: `${host}:${port}`,
    probeHost,
    probePort: port,
  };
}

export function isIngestTemplate(template: string): boolean {
  return parseIngestTemplate(template) !== null;
}

export interface FillStreamKeyOptions {
  /** Appends `?bandwidthtest=true` to the key: the encoder streams but the channel does not go live. */
  bandwidthTest?: boolean;
}

/** The template with the stream key (or a masked one) in place of `{stream_key}`. */
export function fillStreamKey(template: string, streamKey: string, options: FillStreamKeyOptions = {}): string {
  if (!template.includes(streamKeyPlaceholder)) {
    throw new Error('The ingest URL template has no {stream_key} placeholder.');
  }
  const value = options.bandwidthTest && !/[?&]bandwidthtest=/i.test(streamKey) ? `${streamKey}${bandwidthTestSuffix}` : streamKey;
  // A replacer function, because a replacement string would read `$&` or `$1` inside the key as patterns.
  return template.replace(streamKeyPlaceholder, () => value);
}

// `live_<user id>_<secret>` and guest keys `live_sub_<secret>`: the prefix names the channel, not the secret.
const knownKeyPrefix = /^live_(?:\d{1,20}|sub)_/;

/**
 * `live_123456_abcdef…` -> `live_123456_••••`. Only a recognised, non-secret prefix is kept;
 * a key of any other shape is shown as the mask alone.
 */
export function maskStreamKey(streamKey: string): string {
  const prefix = knownKeyPrefix.exec(streamKey)?.[0];
  if (prefix !== undefined && streamKey.length > prefix.length) return `${prefix}${streamKeyMask}`;
  return streamKeyMask;
}

/** Directory entries whose name says "deprecated" are dropped by clients (as OBS does). */
export function isDeprecatedIngest(name: string): boolean {
  return /deprecated/i.test(name);
}
