/** What the OBS connection form does on Save, apart from React, so that it can be tested. */
import type { ObsState } from '../../../../shared/ipc/contract';
import type { ObsSlice } from '../../store/slice-types/obs';

export interface ObsConnectionDraft {
  host: string;
  port: number;
  /** What the broadcaster typed in the password field; empty: keep the saved one. */
  password: string;
}

/**
 * Saves what changed (host and port, then the password when one was typed) and resolves to what
 * the password field holds next: empty once main saved it, what was typed when it was not, so a
 * failed save never silently drops it (the failure shows beside the form, with Retry).
 */
export async function saveObsConnection(
  actions: Pick<ObsSlice, 'setObsConnection' | 'setObsPassword'>,
  saved: Pick<ObsState, 'host' | 'port'>,
  draft: ObsConnectionDraft,
): Promise<string> {
  const host = draft.host.trim();
  if (host !== saved.host || draft.port !== saved.port) await actions.setObsConnection(host, draft.port);
  if (draft.password === '') return '';
  return (await actions.setObsPassword(draft.password)) ? '' : draft.password;
}
