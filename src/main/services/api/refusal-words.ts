/**
 * An action's failure in the broadcaster's words, led by what was not done: "Ban not applied: you
 * are not allowed to do this in this chat." Chat's moderator actions and the moderation services
 * say their refusals through this one rule.
 */
import { AppError } from '../app-error';
import { ApiError } from './api-error';

export function refusalInWords(what: string, error: unknown): AppError {
  if (error instanceof ApiError) {
    if (error.status === 401 && /scope/i.test(error.platformMessage ?? '')) return new AppError('api_error', `${what}: sign in again to allow this.`, { status: 401 });
    if (error.status === 403 && !error.platformMessage) return new AppError('api_error', `${what}: you are not allowed to do this in this chat.`, { status: 403 });
    return new AppError('api_error', `${what}: ${withStop(error.message)}`, { status: error.status });
  }
  if (error instanceof AppError) return error.message.startsWith(what) ? error : new AppError(error.code, `${what}: ${withStop(error.message)}`, error.details);
  return new AppError('internal', `${what}: something went wrong inside Sidestage.`);
}

/** The text as a sentence: trimmed, with a full stop unless it already ends with . ! or ?. */
export function withStop(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
