/** Extension analytics in the current API's shape (spec 4.3), and the CSV report behind each URL. */
import { toRfc3339 } from '../../clock';
import { dayFigures, type ReportEntry } from '../../domain/analytics';
import type { EmulatorState } from '../../domain/emulator-state';
import type { AnalyticsDownload, AnalyticsReportType } from '../../domain/stores/extensions';

const DAY_MS = 24 * 60 * 60 * 1000;
export const REPORT_PATH = '/reports/extension-analytics';

const ymd = (ms: number): string => toRfc3339(ms).slice(0, 10);

export function reportFileName(download: AnalyticsDownload): string {
  return `${download.extensionId}_${download.type}_${ymd(download.startDay)}_${ymd(download.endDay)}.csv`;
}

export function reportView(state: EmulatorState, entry: ReportEntry, download: AnalyticsDownload) {
  return {
    extension_id: entry.record.clientId,
    URL: `${state.baseUrl}${REPORT_PATH}/${download.id}/${reportFileName(download)}`,
    type: entry.type,
    started_at: toRfc3339(entry.startDay),
    ended_at: toRfc3339(entry.endDay),
  };
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
