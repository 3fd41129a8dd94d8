/** The identity service's answers and the simulation API's identity calls (see `common.ts`). */
import type { BroadcasterType } from './common';
import type { HelixStream } from './streams';

export interface TokenResponse {
  access_token: string;
  /** '' for an app token. */
  refresh_token: string;
  expires_in: number;
  scope: string[];
  token_type: 'bearer';
}

export interface HelixUser {
  id: string;
  login: string;
  display_name: string;
  type: string;
  broadcaster_type: string;
  description: string;
  profile_image_url: string;
  offline_image_url: string;
  view_count: number;
  created_at: string;
  email?: string;
}

export interface CreateClientRequest {
  name: string;
  redirect_uris: string[];
  client_id?: string;
  client_secret?: string;
  type?: 'confidential' | 'public';
  extension_secret?: string;
}

/** A client as the simulation API shows it; its secrets only in the answer that creates it (null for a public client). */
export interface ClientRecord {
  client_id: string;
  client_secret?: string | null;
  extension_secret?: string;
  name: string;
  redirect_uris: string[];
  type: 'confidential' | 'public';
  created_at: string;
}

export interface CreateUserRequest {
  login: string;
  display_name?: string;
  broadcaster_type?: BroadcasterType;
  description?: string;
  email?: string;
}

export interface MintTokenRequest {
  client_id: string;
  /** Absent: an app access token. */
  user_id?: string;
  scopes: string[];
  expires_in?: number;
}

export interface EmulatorSettingsView {
  auto_approve: boolean;
  default_user_id: string | null;
}

export interface DeviceApproveRequest {
  user_code: string;
  user_id?: string;
}

export interface DeviceApproval {
  user_code: string;
  client_id: string;
  scopes: string[];
  status: string;
  user_id: string;
}

export interface ClockRequest {
  advance_seconds: number;
}

export interface ClockAnswer {
  now: string;
  offset_seconds: number;
}

/** `GET /_emulator/state`. */
export interface EmulatorSnapshot {
  now: string;
  clock_offset_seconds: number;
  settings: EmulatorSettingsView;
  users: HelixUser[];
  clients: ClientRecord[];
  tokens: { access: number; user_access: number; app_access: number; refresh: number };
  authorization_codes: number;
  pending_device_codes: number;
  streams: HelixStream[];
}
