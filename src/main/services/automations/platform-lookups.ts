/**
 * The platform requests automations' live fields and targets make (`PlatformLookups`), through the
 * one API client as the current broadcaster: Get Users, Get Channel Information, Get Channel
 * Followers, Get Moderators. Each answer is checked (zod) before a field shows it; a refusal says
 * what could not be read, in words.
 */
import { z } from 'zod';
import { AppError } from '../app-error';
import type { ApiClient } from '../api/api-client';
import type { PlatformLookups, PlatformUser } from './live-fields';

const usersSchema = z.object({ data: z.array(z.object({ id: z.string(), login: z.string(), display_name: z.string(), created_at: z.string().optional() }).loose()) }).loose();
const channelsSchema = z.object({ data: z.array(z.object({ game_name: z.string() }).loose()) }).loose();
const followersSchema = z.object({ data: z.array(z.object({ followed_at: z.string() }).loose()) }).loose();
const rowsSchema = z.object({ data: z.array(z.unknown()) }).loose();

export function createPlatformLookups(api: Pick<ApiClient, 'get'>, broadcaster: { readonly id: string | null; readonly canCallApi: boolean }): PlatformLookups {
  const channel = () => {
    if (!broadcaster.id || !broadcaster.canCallApi) throw new AppError('not_signed_in', 'Sidestage is not signed in to the platform.');
    return broadcaster.id;
  };
  const read = async <T>(what: string, path: string, query: Record<string, string>, schema: z.ZodType<T>): Promise<T> => {
    channel();
    let raw: unknown;
    try {
      raw = await api.get<unknown>(path, query);
    } catch (error) {
      if (error instanceof AppError) throw new AppError(error.code, `${what} could not be read: ${error.message}`);
      throw new AppError('api_error', `${what} could not be read.`);
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw new AppError('api_error', `${what}: the platform's answer was not understood.`);
    return parsed.data;
  };
  const user = async (query: Record<string, string>): Promise<PlatformUser | null> => {
    const row = (await read('The user', '/helix/users', query, usersSchema)).data[0];
    return row ? { id: row.id, login: row.login, name: row.display_name || row.login, createdAt: row.created_at ?? null } : null;
  };
  return {
    userByLogin: (login) => user({ login }),
    userById: (id) => user({ id }),
    lastGame: async (userId) => (await read('The channel', '/helix/channels', { broadcaster_id: userId }, channelsSchema)).data[0]?.game_name ?? '',
    followedAt: async (userId) => (await read('The follow', '/helix/channels/followers', { broadcaster_id: channel(), user_id: userId }, followersSchema)).data[0]?.followed_at ?? null,
    isModerator: async (userId) => (await read('The moderators', '/helix/moderation/moderators', { broadcaster_id: channel(), user_id: userId }, rowsSchema)).data.length > 0,
  };
}
