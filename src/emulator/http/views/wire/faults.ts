/** The simulation API's faults (see `common.ts`). */

export interface FaultRequest {
  /** An RE2 regular expression searched for in the decoded, normalised request path. */
  path?: string;
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  status?: number;
  latency_ms?: number;
  /** The request is handled at once (its events published) and only its answer is held back this long. */
  answer_delay_ms?: number;
  count?: number;
  drop_connection?: true;
  drop_websockets?: true;
  reconnect_websockets?: true;
}

export interface FaultView {
  id: string;
  path: string | null;
  method: string | null;
  status: number | null;
  latency_ms: number | null;
  answer_delay_ms: number | null;
  count: number | null;
  drop_websockets: boolean;
  drop_connection: boolean;
  reconnect_websockets: boolean;
  created_at: string;
  /** Only in the answer that posts a WebSocket fault. */
  websocket_sessions_reconnected?: number;
  websocket_sessions_dropped?: number;
}
