/**
 * The Live view as the broadcaster arranged it, kept in main's settings so that the window and
 * every dock show the same: which quick-action tiles show and in what order, how chat and activity
 * share the room, and the choices the tiles' one-key actions use (the ad's length, the poll or
 * prediction template that P starts).
 */
import { z } from 'zod';
import { adLengthSchema } from './ads';

/** A tile's id as the renderer's tile registry names it (`features/quick-actions/tile-registry.tsx`). */
export const tileIdSchema = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'A tile id is lower-case letters, digits and dashes, at most 40.');

const tileIdListSchema = z
  .array(tileIdSchema)
  .max(100)
  .refine((ids) => new Set(ids).size === ids.length, 'A tile is listed twice.');

export const liveViewSchema = z.object({
  /**
   * The tiles in the broadcaster's order. Empty: the registry's own order. A tile this list does
   * not name (a feature added since) comes after the named ones, shown or not as the registry says;
   * an id the registry does not know (a tile of another version) is kept, and not shown.
   */
  tileOrder: tileIdListSchema,
  /** Tiles the broadcaster took off the view, or left off it (their keys still work). */
  hiddenTiles: tileIdListSchema,
  /** In a dock: chat and activity as tabs (one at a time) or one above the other. A wide window shows both. */
  feedLayout: z.enum(['tabs', 'split']),
  /** The tab in view when `feedLayout` is `tabs`. */
  feedTab: z.enum(['chat', 'activity']),
  /** The length the Run ad tile (A) asks for, in seconds. */
  adLengthSeconds: adLengthSchema,
  /** The template Start (P) starts; null: the first saved one. */
  templateId: z.string().min(1).max(64).nullable(),
});
export type LiveView = z.infer<typeof liveViewSchema>;
export type FeedTab = LiveView['feedTab'];

export const defaultLiveView: LiveView = {
  tileOrder: [],
  hiddenTiles: [],
  feedLayout: 'tabs',
  feedTab: 'chat',
  adLengthSeconds: 30,
  templateId: null,
};

/** A change: any of the fields, checked as a whole against the same rules. */
export const liveViewChangesSchema = liveViewSchema.partial().strict();

/**
 * The value as read back from the settings file, which can be edited by hand or left by another
 * version: each field that does not fit falls back to its default alone.
 */
export const storedLiveViewSchema = z.object({
  tileOrder: tileIdListSchema.catch(defaultLiveView.tileOrder),
  hiddenTiles: tileIdListSchema.catch(defaultLiveView.hiddenTiles),
  feedLayout: liveViewSchema.shape.feedLayout.catch(defaultLiveView.feedLayout),
  feedTab: liveViewSchema.shape.feedTab.catch(defaultLiveView.feedTab),
  adLengthSeconds: adLengthSchema.catch(defaultLiveView.adLengthSeconds),
  templateId: liveViewSchema.shape.templateId.catch(defaultLiveView.templateId),
});
