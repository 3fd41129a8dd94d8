/**
 * An error answer of the platform: a rule refuses with the platform's status and words. Thrown by the
 * domain's rules and by the routes' parsing alike; the app renders it in the body shape of the host
 * it was thrown on (`http/error-body.ts`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string): ApiError => new ApiError(400, message);
export const unauthorized = (message: string): ApiError => new ApiError(401, message);
export const forbidden = (message: string): ApiError => new ApiError(403, message);
export const notFound = (message: string): ApiError => new ApiError(404, message);
export const conflict = (message: string): ApiError => new ApiError(409, message);
export const tooManyRequests = (message: string): ApiError => new ApiError(429, message);

export const missingParameter = (name: string): ApiError => badRequest(`Missing required parameter "${name}"`);
export const invalidParameter = (name: string, why?: string): ApiError =>
  badRequest(why ? `Invalid parameter "${name}": ${why}` : `Invalid parameter "${name}"`);
