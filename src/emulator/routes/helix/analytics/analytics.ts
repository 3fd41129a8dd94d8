/**
 * Spec 4.3 Get Extension Analytics, and the CSV downloads its `URL`s point to (one row per day,
 * valid five minutes on the emulator clock). The rules: `domain/analytics.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { toRfc3339 } from '../../../clock';
import { issueDownload, reportRange, reportsOfExtension, reportsOfOwner, validDownload, type ReportEntry, type ReportRange } from '../../../domain/analytics';
import { invalidParameter, missingParameter } from '../../../domain/api-error';
import { ANALYTICS_REPORT_TYPES, type AnalyticsReportType } from '../../../domain/stores/extensions';
import { registerHelixRoute } from '../../../http/helix-route';
import { decodeOffsetCursor, encodeOffsetCursor, pageFrom } from '../../../http/offset-cursor';
import { REPORT_PATH, reportCsv, reportFileName, reportView } from '../../../http/views/analytics';
import '../../../http/app-state';

/** `YYYY-MM-DDT00:00:00Z` -> UTC midnight ms. */
function parseDay(raw: string, name: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})T00:00:00Z$/.exec(raw);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (!match || Number.isNaN(ms) || toRfc3339(ms) !== raw) {
    throw invalidParameter(name, 'must be an RFC 3339 date with the time zeroed, e.g. 2018-01-31T00:00:00Z');
  }
  return ms;
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

      let requested: ReportRange | null = null;
      if (startedRaw && endedRaw) {
        requested = { startDay: parseDay(startedRaw, 'started_at'), endDay: parseDay(endedRaw, 'ended_at') };
        if (requested.startDay > requested.endDay) throw invalidParameter('started_at', 'must not be later than ended_at');
      }
      const range = reportRange(requested, now);
      const shape = (entry: ReportEntry) => reportView(state, entry, issueDownload(state, entry, now));

      if (extensionId !== undefined && extensionId !== '') return { data: reportsOfExtension(state, user, extensionId, wantedTypes, range).map(shape) };
      const offset = decodeOffsetCursor(query.one('after'), 'after');
      const { page, next } = pageFrom(reportsOfOwner(state, user, wantedTypes, range), offset, first);
      return { data: page.map(shape), pagination: next === undefined ? {} : { cursor: encodeOffsetCursor(next) } };
    },
  );

  app.get<{ Params: { id: string; file: string } }>(`${REPORT_PATH}/:id/:file`, (request, reply) => {
    const download = validDownload(state, request.params.id, reportFileName, request.params.file);
    const name = state.clients.get(download.extensionId)?.name ?? '';
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${reportFileName(download)}"`)
      .send(reportCsv(download, name));
  });
}
