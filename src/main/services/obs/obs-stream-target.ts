/**
 * "Send to OBS": the selected ingest server and the stream key as OBS's custom RTMP service, compared
 * first (GetStreamServiceSettings) so that an overwrite is never silent, and read back after the
 * write. The key is compared only: never shown, logged or returned. Also OBS's output settings,
 * read for the go-live checklist's advice (never written).
 */
import type { ObsOutputSettings, ObsSendResult, ObsStreamTarget } from '../../../shared/ipc/contract';
import { AppError } from '../app-error';
import type { Logger } from '../logger';
import type { IngestTarget } from './ingest-target';
import type { ObsRequest } from './obs-connection';

/** Servers compared as an encoder sees them: case, spaces and trailing slashes do not matter. */
export function sameServer(a: string, b: string): boolean {
  const norm = (s: string) => s.trim().replace(/\/+$/, '').toLowerCase();
  return norm(a) === norm(b);
}

/** What OBS holds compared with `target`. */
export async function compareStreamTarget(request: ObsRequest, target: IngestTarget): Promise<ObsStreamTarget> {
  const current = await request('GetStreamServiceSettings');
  const settings = (current.streamServiceSettings ?? {}) as { server?: unknown; key?: unknown; service?: unknown };
  const server = typeof settings.server === 'string' ? settings.server.trim() : '';
  const key = typeof settings.key === 'string' ? settings.key : '';
  const custom = current.streamServiceType === 'rtmp_custom';
  const base = {
    server: target.server,
    serverName: target.serverName,
    obsService: typeof settings.service === 'string' ? settings.service : current.streamServiceType,
    obsServer: server || null,
  };
  if (custom && sameServer(server, target.server) && key === target.key) return { ...base, match: 'same', differences: [] };
  if (custom && server === '' && key === '') return { ...base, match: 'empty', differences: [] };
  const differences: string[] = [];
  if (!custom) differences.push(`the ${base.obsService ?? 'another'} service instead of a custom server`);
  if (server && !sameServer(server, target.server)) differences.push(`another server (${server})`);
  else if (!server) differences.push('no server');
  // Compared only: the key itself is never shown, logged or returned.
  if (key && key !== target.key) differences.push('a different stream key');
  else if (!key) differences.push('no stream key');
  return { ...base, match: 'different', differences };
}

/**
 * Sends `target` to OBS as a custom RTMP service. When OBS holds something else, nothing is
 * written unless `overwrite` (the broadcaster confirmed); when it already holds exactly this,
 * nothing is written either. The write is read back.
 */
export async function sendStreamTarget(request: ObsRequest, target: IngestTarget, overwrite: boolean, logger: Logger): Promise<ObsSendResult> {
  const before = await compareStreamTarget(request, target);
  if (before.match === 'same') return { outcome: 'already', target: before };
  if (before.match === 'different' && !overwrite) return { outcome: 'needs-confirmation', target: before };
  await request('SetStreamServiceSettings', {
    streamServiceType: 'rtmp_custom',
    streamServiceSettings: { server: target.server, key: target.key, use_auth: false },
  });
  const after = await compareStreamTarget(request, target);
  if (after.match !== 'same') throw new AppError('unavailable', `OBS did not keep the new stream settings (it holds ${after.differences.join(', ')}).`);
  logger.info('stream target sent to OBS', { server: target.server, overwrote: before.match === 'different' });
  return { outcome: 'sent', target: after };
}

/**
 * OBS's output settings, for the go-live checklist: the output mode, encoder and bitrate from the
 * profile and the output size and fps.
 */
export async function readOutputSettings(request: ObsRequest): Promise<ObsOutputSettings> {
  const param = async (parameterCategory: string, parameterName: string): Promise<string | null> =>
    (await request('GetProfileParameter', { parameterCategory, parameterName })).parameterValue ?? null;
  const [modeValue, video] = await Promise.all([param('Output', 'Mode'), request('GetVideoSettings')]);
  const mode = modeValue === 'Advanced' ? 'advanced' : modeValue === 'Simple' || modeValue === null ? 'simple' : 'unknown';
  let encoder: string | null = null;
  let videoBitrateKbps: number | null = null;
  let keyframeIntervalSeconds: number | null = null;
  if (mode === 'advanced') {
    // Advanced mode keeps bitrate and keyframe interval in the encoder's own file, out of obs-websocket's reach.
    encoder = await param('AdvOut', 'Encoder');
  } else {
    const [bitrate, simpleEncoder] = await Promise.all([param('SimpleOutput', 'VBitrate'), param('SimpleOutput', 'StreamEncoder')]);
    encoder = simpleEncoder ?? 'x264';
    const parsed = bitrate === null ? NaN : Number(bitrate);
    videoBitrateKbps = Number.isFinite(parsed) ? parsed : 2500;
    // Simple mode always streams with a 2 s keyframe interval (OBS sets keyint_sec itself there).
    keyframeIntervalSeconds = 2;
  }
  const fps = video.fpsDenominator > 0 ? video.fpsNumerator / video.fpsDenominator : null;
  return { mode, encoder, videoBitrateKbps, keyframeIntervalSeconds, outputWidth: video.outputWidth ?? null, outputHeight: video.outputHeight ?? null, fps };
}
