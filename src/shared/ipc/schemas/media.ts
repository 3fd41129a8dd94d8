/**
 * The media library: images (and GIFs), videos and sounds the broadcaster chose for alerts, copied into
 * Sidestage's data folder. Their type is read from the bytes, never from the name.
 */
import { z } from 'zod';

export const mediaKinds = ['image', 'video', 'sound'] as const;
export type MediaKind = (typeof mediaKinds)[number];

/** Each kind in a sentence ("… is a video, not a sound") and as a list's label. */
export const mediaKindWords: Record<MediaKind, string> = { image: 'an image', video: 'a video', sound: 'a sound' };
export const mediaKindLabels: Record<MediaKind, string> = { image: 'Image', video: 'Video', sound: 'Sound' };

/** What an alert shows above (or beside, or behind) its text: a picture or a video, both in the one slot. */
export const visualMediaKinds: readonly MediaKind[] = ['image', 'video'];

/** The largest image or sound the library takes (an animated GIF or a few seconds of sound fit easily). */
export const MAX_MEDIA_BYTES = 5 * 1024 * 1024;
/** The largest video: a few seconds of a 1080p alert with transparency. */
export const MAX_VIDEO_BYTES = 20 * 1024 * 1024;

/** The largest file of `kind`. */
export const maxMediaBytes = (kind: MediaKind): number => (kind === 'video' ? MAX_VIDEO_BYTES : MAX_MEDIA_BYTES);
/** Base64 of the largest file (a video), rounded up to whole 4-character groups; main checks each kind's own limit. */
export const MAX_MEDIA_BASE64_CHARS = Math.ceil(MAX_VIDEO_BYTES / 3) * 4;

/** Ids are made by main: 32 lower-case hex digits, so one can never name another path. */
export const mediaIdSchema = z.string().regex(/^[0-9a-f]{32}$/, 'A media id is 32 hex digits.');

export const mediaItemSchema = z.object({
  id: mediaIdSchema,
  /** What the broadcaster called it (the file's name when added); shown only, never a path. */
  name: z.string(),
  kind: z.enum(mediaKinds),
  /** Read from the bytes: `image/png`, `image/gif`, `image/jpeg`, `image/webp`, `video/webm`, `video/mp4`, `audio/mpeg`, `audio/ogg`, `audio/wav`. */
  contentType: z.string(),
  bytes: z.number().int().nonnegative(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

export const mediaListSchema = z.object({ items: z.array(mediaItemSchema) });
export type MediaList = z.infer<typeof mediaListSchema>;

export const mediaAddArgSchema = z
  .object({
    name: z.string().trim().min(1, 'Give the file a name.').max(120, 'A name is at most 120 characters.'),
    /** The file's bytes in base64 (at most 20 MB once decoded for a video, 5 MB for the rest: main checks). */
    dataBase64: z
      .string()
      .min(1, 'The file is empty.')
      .max(MAX_MEDIA_BASE64_CHARS, `The file is larger than ${MAX_VIDEO_BYTES / 1024 / 1024} MB: choose a smaller one.`),
  })
  .strict();
export type MediaAddArg = z.infer<typeof mediaAddArgSchema>;

export const mediaRemoveArgSchema = z.object({ id: mediaIdSchema }).strict();
