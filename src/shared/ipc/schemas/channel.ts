/** Channel information: title, category, language, tags. */
import { z } from 'zod';

export const channelInfoSchema = z.object({
  title: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  language: z.string(),
  tags: z.array(z.string()),
  isBrandedContent: z.boolean(),
});
export type ChannelInfo = z.infer<typeof channelInfoSchema>;

export const categorySchema = z.object({ id: z.string(), name: z.string(), boxArtUrl: z.string() });
export type Category = z.infer<typeof categorySchema>;
