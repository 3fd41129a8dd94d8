/** Shared chat: Get Shared Chat Session's session and the simulation API's calls (see `common.ts`). */

/** A shared chat session as Get Shared Chat Session answers it (the platform's reference). */
export interface SharedChatSessionView {
  session_id: string;
  host_broadcaster_id: string;
  participants: { broadcaster_id: string }[];
  created_at: string;
  updated_at: string;
}

/** `broadcaster_id` joins the session `host_broadcaster_id` is in, or a new one it hosts. */
export interface SharedChatJoinRequest {
  host_broadcaster_id: string;
  broadcaster_id: string;
}

/** `broadcaster_id` leaves its session (which ends when fewer than two channels remain). */
export interface SharedChatLeaveRequest {
  broadcaster_id: string;
}

export interface SharedChatLeaveAnswer {
  session_id: string;
  ended: boolean;
}
