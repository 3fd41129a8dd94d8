/**
 * The emulator's wire types: what its answers and the simulation API's requests look like as JSON.
 * These files hold types only and import nothing but each other, so that the simulation client
 * (`simulation-client.ts`), which must not load the emulator, takes its types from here; the views
 * beside this folder build answers of these types.
 */

/** The three fields the platform names a user with in a record: `<prefix>_id`, `<prefix>_login`, `<prefix>_name`. */
export type UserFields<P extends string> = { [K in `${P}_id` | `${P}_login` | `${P}_name`]: string };

/** The same three fields, all null for an anonymous user. */
export type NullableUserFields<P extends string> = { [K in `${P}_id` | `${P}_login` | `${P}_name`]: string | null };

export type BroadcasterType = 'partner' | 'affiliate' | '';

export interface AmountView {
  value: number;
  decimal_places: number;
  currency: string;
}

/** A page of a list: `{}` when there is no page further. */
export interface Pagination {
  cursor?: string;
}

/** The current API's (and the simulation API's) error body. */
export interface PlatformErrorBody {
  error: string;
  status: number;
  message: string;
}
