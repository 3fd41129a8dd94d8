/**
 * Spec 4.3 Get Extension Analytics, and the CSV downloads its `URL`s point to (one row per day,
 * valid five minutes on the emulator clock).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { toRfc3339 } from '../../../clock';
import { ApiError, badRequest, invalidParameter, missingParameter, notFound } from '../../../domain/api-error';
import { registerHelixRoute } from '../../../http/helix-route';
import { decodeOffsetCursor, encodeOffsetCursor, pageFrom } from '../../../http/offset-cursor';
import { ANALYTICS_REPORT_TYPES, utcDay, type AnalyticsDownload, type AnalyticsReportType, type ExtensionRecord } from '../../../domain/stores/extensions';
import '../../../http/app-state';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The first day reports exist for. */
export const ANALYTICS_EARLIEST_DAY = Date.UTC(2018, 0, 31);
/** Data for a day is complete this many days later: the default (and latest) end date. */
const REPORT_LAG_DAYS = 2;
const REPORT_PATH = '/reports/extension-analytics';

const reportNotFound = (): ApiError => badRequest('Report Not Found For Date Range');

/** `YYYY-MM-DDT00:00:00Z` -> UTC midnight ms. */
function parseDay(raw: string, name: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})T00:00:00Z$/.exec(raw);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (!match || Number.isNaN(ms) || toRfc3339(ms) !== raw) {
    throw invalidParameter(name, 'must be an RFC 3339 date with the time zeroed, e.g. 2018-01-31T00:00:00Z');
  }
  return ms;
}

const ymd = (ms: number): string => toRfc3339(ms).slice(0, 10);

interface ReportEntry {
  record: ExtensionRecord;
  type: AnalyticsReportType;
  startDay: number;
  endDay: number;
}

export function registerAnalyticsRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;

  registerHelixRoute(
    app,
    { method: 'GET', path: '/analytics/extensions', auth: 'user', scopes: ['analytics:read:extensions'] },
    ({ query, user, now }) => {
      const startedRaw = query.one('started_at');
      const endedRaw = query.one('ended_at');
      if (startedRaw && !endedRaw) throw missingParameter('ended_at');
      if (endedRaw && !startedRaw) throw missingParameter('started_at');

      const types = query.all('type');
      if (types.length > 1) throw invalidParameter('type', 'may be given only once');
      const type = types[0];
      if (type !== undefined && !(ANALYTICS_REPORT_TYPES as readonly string[]).includes(type)) {
        throw invalidParameter('type', `must be one of ${ANALYTICS_REPORT_TYPES.join(', ')}`);
      }
      const wantedTypes = type === undefined ? ANALYTICS_REPORT_TYPES : [type as AnalyticsReportType];
      const first = query.integer('first', { min: 1, max: 100, default: 20 });
      const extensionId = query.one('extension_id');

      const today = utcDay(now);
      const latestDay = today - REPORT_LAG_DAYS * DAY_MS;
      let startDay = ANALYTICS_EARLIEST_DAY;
      let endDay = latestDay;
      if (startedRaw && endedRaw) {
        const requestedStart = parseDay(startedRaw, 'started_at');
        const requestedEnd = parseDay(endedRaw, 'ended_at');
        if (requestedStart > requestedEnd) throw invalidParameter('started_at', 'must not be later than ended_at');
        if (requestedStart > today || requestedEnd > today) throw reportNotFound();
        // Out-of-range dates are replaced by the defaults (spec 4.3).
        startDay = requestedStart < ANALYTICS_EARLIEST_DAY ? ANALYTICS_EARLIEST_DAY : requestedStart;
        endDay = requestedEnd > latestDay ? latestDay : requestedEnd;
      }

      const entriesFor = (record: ExtensionRecord): ReportEntry[] => {
        const firstDay = Math.max(startDay, record.analyticsSince);
        if (firstDay > endDay) return [];
        return wantedTypes.map((t) => ({ record, type: t, startDay: firstDay, endDay }));
      };
      const shape = (entry: ReportEntry) => {
        const download = state.extensions.addDownload(
          { extensionId: entry.record.clientId, type: entry.type, startDay: entry.startDay, endDay: entry.endDay },
          now,
        );
        return {
          extension_id: entry.record.clientId,
          URL: `${state.baseUrl}${REPORT_PATH}/${download.id}/${reportFileName(download)}`,
          type: entry.type,
          started_at: toRfc3339(entry.startDay),
          ended_at: toRfc3339(entry.endDay),
        };
      };

      if (extensionId !== undefined && extensionId !== '') {
        const client = state.clients.get(extensionId);
        const record = client ? state.extensions.get(client) : undefined;
        if (!record || record.ownerId !== user.id) throw notFound(`Extension "${extensionId.slice(0, 64)}" not found among the user's extensions`);
        const entries = entriesFor(record);
        if (entries.length === 0) throw reportNotFound();
        return { data: entries.map(shape) };
      }

      const offset = decodeOffsetCursor(query.one('after'), 'after');
      const owned = state.extensions
        .list()
        .filter((r) => r.ownerId === user.id && state.clients.has(r.clientId))
        .sort((a, b) => a.clientId.localeCompare(b.clientId));
      const { page, next } = pageFrom(owned.flatMap(entriesFor), offset, first);
      return { data: page.map(shape), pagination: next === undefined ? {} : { cursor: encodeOffsetCursor(next) } };
    },
  );

  app.get<{ Params: { id: string; file: string } }>(`${REPORT_PATH}/:id/:file`, (request, reply) => {
    const download = state.extensions.download(request.params.id);
    if (!download || request.params.file !== reportFileName(download)) throw notFound('Report not found');
    if (download.expiresAt <= state.clock.now()) throw new ApiError(403, 'Request has expired: report URLs are valid for 5 minutes');
    const name = state.clients.get(download.extensionId)?.name ?? '';
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${reportFileName(download)}"`)
      .send(reportCsv(download, name));
  });
}

export function reportFileName(download: AnalyticsDownload): string {
  return `${download.extensionId}_${download.type}_${ymd(download.startDay)}_${ymd(download.endDay)}.csv`;
}

const COLUMNS: Record<AnalyticsReportType, readonly string[]> = {
  overview_v1: ['Date', 'Extension Name', 'Extension Client ID', 'Installs', 'Uninstalls', 'Activations', 'Unique Active Channels', 'Views', 'Clicks'],
  overview_v2: [
    'Date', 'Extension Name', 'Extension Client ID', 'Extension Details Page Visits', 'Installs', 'Uninstalls', 'Activations',
    'Deactivations', 'Unique Active Channels', 'Renders', 'Unique Renders', 'Views', 'Unique Viewers', 'Unique Interactors', 'Clicks',
    'Clicks Per Interactor', 'Interaction Rate',
  ],
};

function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Deterministic figures per extension and day, so a report reads the same when downloaded again. */
function dayFigures(extensionId: string, day: number) {
  const digest = createHash('sha256').update(`${extensionId}|${ymd(day)}`).digest();
  const n = (i: number, max: number) => digest.readUInt16BE(i * 2) % (max + 1);
  const uniqueViewers = 50 + n(0, 4000);
  const views = uniqueViewers + n(1, 3000);
  const renders = views + n(2, 2000);
  const uniqueRenders = Math.min(renders, uniqueViewers + n(3, 500));
  const uniqueInteractors = Math.floor(uniqueViewers * (n(4, 40) / 100));
  const clicks = uniqueInteractors + n(5, 2000);
  return {
    pageVisits: n(6, 300),
    installs: n(7, 25),
    uninstalls: n(8, 6),
    activations: n(9, 20),
    deactivations: n(10, 8),
    activeChannels: 5 + n(11, 200),
    renders,
    uniqueRenders,
    views,
    uniqueViewers,
    uniqueInteractors,
    clicks,
  };
}

export function reportCsv(download: AnalyticsDownload, extensionName: string): string {
  const rows = [COLUMNS[download.type].join(',')];
  for (let day = download.startDay; day <= download.endDay; day += DAY_MS) {
    const f = dayFigures(download.extensionId, day);
    const common = [ymd(day), csvField(extensionName), download.extensionId];
    const values =
      download.type === 'overview_v1'
        ? [f.installs, f.uninstalls, f.activations, f.activeChannels, f.views, f.clicks]
        : [
            f.pageVisits, f.installs, f.uninstalls, f.activations, f.deactivations, f.activeChannels, f.renders, f.uniqueRenders, f.views,
            f.uniqueViewers, f.uniqueInteractors, f.clicks,
            f.uniqueInteractors === 0 ? '0.00' : (f.clicks / f.uniqueInteractors).toFixed(2),
            (f.uniqueInteractors / f.uniqueViewers).toFixed(4),
          ];
    rows.push([...common, ...values].join(','));
  }
  return `${rows.join('\n')}\n`;
}

