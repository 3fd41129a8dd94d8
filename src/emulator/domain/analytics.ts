/**
 * Extension analytics' rules (spec 4.3): reports per extension the user owns, per report type,
 * from the extension's analytics start (and no earlier than 2018-01-31) to two days ago; a
 * requested range is clamped to that; each report is a download valid five minutes on the
 * emulator clock; the figures are made up per extension and day, the same at every download.
 */
import { createHash } from 'node:crypto';
import { toRfc3339 } from '../clock';
import { ApiError, badRequest, notFound } from './api-error';
import type { EmulatorState } from './emulator-state';
import { utcDay, type AnalyticsDownload, type AnalyticsReportType, type ExtensionRecord } from './stores/extensions';
import type { User } from './stores/users';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The first day reports exist for. */
export const ANALYTICS_EARLIEST_DAY = Date.UTC(2018, 0, 31);
/** Data for a day is complete this many days later: the default (and latest) end date. */
const REPORT_LAG_DAYS = 2;

const reportNotFound = (): ApiError => badRequest('Report Not Found For Date Range');

export interface ReportRange {
  startDay: number;
  endDay: number;
}

/** The days a report covers: everything there is, or the requested days clamped to it (spec 4.3). */
export function reportRange(requested: ReportRange | null, now: number): ReportRange {
  const today = utcDay(now);
  const latestDay = today - REPORT_LAG_DAYS * DAY_MS;
  if (requested === null) return { startDay: ANALYTICS_EARLIEST_DAY, endDay: latestDay };
  if (requested.startDay > today || requested.endDay > today) throw reportNotFound();
  return {
    startDay: requested.startDay < ANALYTICS_EARLIEST_DAY ? ANALYTICS_EARLIEST_DAY : requested.startDay,
    endDay: requested.endDay > latestDay ? latestDay : requested.endDay,
  };
}

export interface ReportEntry {
  record: ExtensionRecord;
  type: AnalyticsReportType;
  startDay: number;
  endDay: number;
}

/** The extension's reports of `types` in the range, from its analytics start. */
function reportsOf(record: ExtensionRecord, types: readonly AnalyticsReportType[], range: ReportRange): ReportEntry[] {
  const firstDay = Math.max(range.startDay, record.analyticsSince);
  if (firstDay > range.endDay) return [];
  return types.map((type) => ({ record, type, startDay: firstDay, endDay: range.endDay }));
}

/** The reports of one extension of the user's; none in the range is the platform's 400. */
export function reportsOfExtension(state: EmulatorState, user: User, extensionId: string, types: readonly AnalyticsReportType[], range: ReportRange): ReportEntry[] {
  const client = state.clients.get(extensionId);
  const record = client ? state.extensions.get(client) : undefined;
  if (!record || record.ownerId !== user.id) throw notFound(`Extension "${extensionId.slice(0, 64)}" not found among the user's extensions`);
  const entries = reportsOf(record, types, range);
  if (entries.length === 0) throw reportNotFound();
  return entries;
}

/** The reports of every extension the user owns, by client ID. */
export function reportsOfOwner(state: EmulatorState, user: User, types: readonly AnalyticsReportType[], range: ReportRange): ReportEntry[] {
  return state.extensions
    .list()
    .filter((r) => r.ownerId === user.id && state.clients.has(r.clientId))
    .sort((a, b) => a.clientId.localeCompare(b.clientId))
    .flatMap((record) => reportsOf(record, types, range));
}

/** A report's download, valid five minutes. */
export function issueDownload(state: EmulatorState, entry: ReportEntry, now: number): AnalyticsDownload {
  return state.extensions.addDownload({ extensionId: entry.record.clientId, type: entry.type, startDay: entry.startDay, endDay: entry.endDay }, now);
}

/** A download still valid at `now`; `fileName` must be the download's own. */
export function validDownload(state: EmulatorState, id: string, fileName: (download: AnalyticsDownload) => string, requested: string): AnalyticsDownload {
  const download = state.extensions.download(id);
  if (!download || requested !== fileName(download)) throw notFound('Report not found');
  if (download.expiresAt <= state.clock.now()) throw new ApiError(403, 'Request has expired: report URLs are valid for 5 minutes');
  return download;
}

/** A day's figures, made up per extension and day, so a report reads the same when downloaded again. */
export function dayFigures(extensionId: string, day: number) {
  const digest = createHash('sha256').update(`${extensionId}|${toRfc3339(day).slice(0, 10)}`).digest();
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
