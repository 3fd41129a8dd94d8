/** The events service's status as the UI sees it: the schema lives in the IPC contract. */
export { eventSubscriptionStatusSchema, eventsStatusSchema, type EventSubscriptionStatus, type EventsStatus } from '../../../shared/ipc/contract';
