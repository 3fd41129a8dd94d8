/** Faults as the simulation API shows them. */
import { toRfc3339 } from '../../clock';
import type { Fault } from '../faults';
import type { FaultView } from './wire/faults';

export function faultView(fault: Fault): FaultView {
  return {
    id: fault.id,
    path: fault.path,
    method: fault.method,
    status: fault.status,
    latency_ms: fault.latencyMs,
    answer_delay_ms: fault.answerDelayMs,
    count: fault.remaining,
    drop_websockets: fault.dropWebsockets,
    drop_connection: fault.dropConnection,
    reconnect_websockets: fault.reconnectWebsockets,
    created_at: toRfc3339(fault.createdAt),
  };
}
