/** Stream markers and their log (their hotkeys are in hotkeys.ts). */
import { z } from 'zod';

export const markerSourceSchema = z.enum(['hotkey', 'button', 'tray', 'obs-reconnect', 'automation']);
export type MarkerSource = z.infer<typeof markerSourceSchema>;

export const markerEntrySchema = z.object({
  id: z.string(),
  source: markerSourceSchema,
  pressedAt: z.string(),
  description: z.string(),
  status: z.enum(['pending', 'created', 'failed']),
  /** The platform's position; it is set when the request reaches the platform. */
  positionSeconds: z.number().int().nonnegative().nullable(),
  /** Seconds between the press and the request that created the marker (network retries). */
  delaySeconds: z.number().int().nonnegative(),
  markerId: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  error: z.string().nullable(),
  /** A clip logged beside the markers (the clip hotkey); absent in logs written before clips: a marker. */
  kind: z.enum(['marker', 'clip']).optional(),
  /** The clip's edit link. */
  url: z.url({ protocol: /^https?$/ }).max(2000).optional(),
});
export type MarkerEntry = z.infer<typeof markerEntrySchema>;

export const broadcastMarkerLogSchema = z.object({
  streamId: z.string(),
  startedAt: z.string().nullable(),
  title: z.string(),
  entries: z.array(markerEntrySchema),
});
export type BroadcastMarkerLog = z.infer<typeof broadcastMarkerLogSchema>;

export const apiMarkerSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  description: z.string(),
  positionSeconds: z.number().int().nonnegative(),
  url: z.string(),
});
export type ApiMarker = z.infer<typeof apiMarkerSchema>;

export const markersOverviewSchema = z.object({
  /** Newest broadcast first. */
  logs: z.array(broadcastMarkerLogSchema),
  /** The markers the platform holds for the current or last video. */
  api: z.object({
    videoId: z.string().nullable(),
    markers: z.array(apiMarkerSchema),
    fetchedAt: z.string().nullable(),
    error: z.string().nullable(),
  }),
  descriptionTemplate: z.string(),
  /** The last press's outcome in words (refusals included, which have no log entry). */
  lastResult: z.object({ at: z.string(), ok: z.boolean(), message: z.string() }).nullable(),
  /** The note shortcut was pressed: the marker waits for its note (it keeps the press's time). */
  noteRequest: z.object({ id: z.string(), pressedAt: z.string(), expiresAt: z.string() }).nullable(),
  /** Grows with every change in main: a call's answer older than an event already applied is dropped. */
  revision: z.number().int().nonnegative(),
});
export type MarkersOverview = z.infer<typeof markersOverviewSchema>;
