/**
 * Sidestage's control API (`/api/v1`, docs/control-api.md) as the plugin calls it: one typed method
 * per request, every answer and event-socket frame parsed with zod (unknown fields are dropped, so a
 * newer Sidestage that says more still reads), every refusal turned into an error that says, in the
 * API's own words, what was wrong.
 */
import WebSocket from 'ws';
import { z } from 'zod';

/** A request that takes longer is given up: the key shows an alert rather than hanging. */
const REQUEST_TIMEOUT_MS = 5_000;

export const scopeNames = ['read', 'actions', 'moderation', 'automations', 'variables'] as const;

export const alertsStateSchema = z.object({ paused: z.boolean(), waiting: z.number().int().nonnegative() });
export type AlertsState = z.infer<typeof alertsStateSchema>;

export const variableSchema = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_]{0,31}$/),
  value: z.union([z.number(), z.string()]),
  updatedAt: z.string(),
});
export type AutomationVariable = z.infer<typeof variableSchema>;
export type VariableChange = { kind: 'set'; value: number | string } | { kind: 'add'; by: number } | { kind: 'reset' };

export const controlStateSchema = z.object({
  signedIn: z.boolean(),
  live: z.boolean(),
  startedAt: z.string().nullable(),
  viewers: z.number().nullable(),
  shieldMode: z.boolean().nullable(),
  chatModes: z.object({ slowMode: z.boolean(), followerMode: z.boolean(), subscriberMode: z.boolean(), emoteMode: z.boolean() }).nullable(),
  nextAdAt: z.string().nullable(),
  adEndsAt: z.string().nullable(),
  /** Added beside the automations and variables endpoints; an older Sidestage leaves them out. */
  alerts: alertsStateSchema.optional(),
  variables: z.array(variableSchema).optional(),
});
export type ControlState = z.infer<typeof controlStateSchema>;

const pairStartedSchema = z.object({ requestId: z.string().min(1), code: z.string().regex(/^\d{6}$/), claimSecret: z.string().min(1), expiresAt: z.string() });
export type PairStarted = z.infer<typeof pairStartedSchema>;
const claimAnswerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending') }),
  z.object({ status: z.literal('approved'), token: z.string().min(1), clientId: z.string(), scopes: z.array(z.string()) }),
]);
export type ClaimAnswer = z.infer<typeof claimAnswerSchema>;
const actionsListSchema = z.object({ actions: z.array(z.object({ id: z.string(), label: z.string(), scope: z.string() })) });
const actionOutcomeSchema = z.object({ action: z.string(), done: z.boolean(), message: z.string() });
export type ActionOutcome = z.infer<typeof actionOutcomeSchema>;
const automationsSchema = z.object({ automations: z.array(z.object({ id: z.string(), name: z.string(), enabled: z.boolean() })) });
const runStartedSchema = z.object({ ok: z.literal(true), runId: z.string() });
const variablesSchema = z.object({ variables: z.array(variableSchema) });
const variableAnswerSchema = z.object({ variable: variableSchema });
const scenesSchema = z.object({ current: z.string().nullable(), scenes: z.array(z.string()) });
export type ObsScenes = z.infer<typeof scenesSchema>;
const okSchema = z.object({ ok: z.literal(true) });
const refusalSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** What the event socket sends, by topic (a topic this plugin does not know is ignored). */
export const controlFrameSchema = z.discriminatedUnion('topic', [
  z.object({ topic: z.literal('state'), state: controlStateSchema }),
  z.object({ topic: z.literal('variables'), variable: variableSchema }),
  z.object({ topic: z.literal('alerts'), alerts: alertsStateSchema }),
  z.object({ topic: z.literal('events'), event: z.unknown() }),
]);
export type ControlFrame = z.infer<typeof controlFrameSchema>;
export type ControlTopic = ControlFrame['topic'];

/** A request Sidestage refused (`status` is its HTTP status, 0 when it could not be reached). */
export class ControlApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
    this.name = 'ControlApiError';
  }
}

export class SidestageApi {
  /** `origin`: `http://127.0.0.1:<port>`; `token`: null before pairing (only pairing works then). */
  constructor(
    readonly origin: string,
    private readonly token: string | null,
  ) {}

  pair(name: string): Promise<PairStarted> {
    return this.request('POST', '/pair', pairStartedSchema, { name });
  }
  claim(requestId: string, claimSecret: string): Promise<ClaimAnswer> {
    return this.request('POST', `/pair/${encodeURIComponent(requestId)}/claim`, claimAnswerSchema, { claimSecret });
  }
  state(): Promise<ControlState> {
    return this.request('GET', '/state', controlStateSchema);
  }
  async actions(): Promise<z.infer<typeof actionsListSchema>['actions']> {
    return (await this.request('GET', '/actions', actionsListSchema)).actions;
  }
  press(action: string): Promise<ActionOutcome> {
    return this.request('POST', `/actions/${encodeURIComponent(action)}`, actionOutcomeSchema);
  }
  async automations(): Promise<z.infer<typeof automationsSchema>['automations']> {
    return (await this.request('GET', '/automations', automationsSchema)).automations;
  }
  async runAutomation(id: string): Promise<string> {
    return (await this.request('POST', `/automations/${encodeURIComponent(id)}/run`, runStartedSchema)).runId;
  }
  async variables(): Promise<AutomationVariable[]> {
    return (await this.request('GET', '/variables', variablesSchema)).variables;
  }
  async changeVariable(name: string, change: VariableChange): Promise<AutomationVariable> {
    return (await this.request('POST', `/variables/${encodeURIComponent(name)}`, variableAnswerSchema, change)).variable;
  }
  scenes(): Promise<ObsScenes> {
    return this.request('GET', '/obs/scenes', scenesSchema);
  }
  async switchScene(name: string): Promise<void> {
    await this.request('POST', '/obs/scene', okSchema, { name });
  }
  async pauseAlerts(paused: boolean): Promise<void> {
    await this.request('POST', '/alerts/pause', okSchema, { paused });
  }
  async skipAlert(): Promise<void> {
    await this.request('POST', '/alerts/skip', okSchema);
  }

  /** The event socket, the token on its handshake; `topics` asked for in its first frame (null: none sent, state only). */
  openEvents(topics: readonly ControlTopic[] | null): WebSocket {
    const socket = new WebSocket(`${this.origin.replace(/^http/, 'ws')}/api/v1/events`, { headers: this.authorization(), maxPayload: 1024 * 1024 });
    if (topics) socket.once('open', () => socket.send(JSON.stringify({ subscribe: topics })));
    return socket;
  }

  private authorization(): Record<string, string> {
    return this.token ? { authorization: `Bearer ${this.token}` } : {};
  }

  private async request<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    // A POST always carries a JSON body (`{}` for a press): the API reads none for a press but refuses a non-JSON one where it reads it.
    const headers: Record<string, string> = { ...this.authorization(), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) };
    let response: Response;
    try {
      response = await fetch(`${this.origin}/api/v1${path}`, {
        method,
        headers,
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ControlApiError(`Sidestage did not answer at ${this.origin} (${error instanceof Error ? error.message : String(error)}): is it running, and is the port the one Settings, Control API shows?`, 0, 'unreachable');
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new ControlApiError(`Sidestage answered ${method} ${path} with ${response.status} and a body that is not JSON.`, response.status, 'bad_answer');
    }
    if (!response.ok) {
      const refusal = refusalSchema.safeParse(json);
      if (refusal.success) throw new ControlApiError(refusal.data.error.message, response.status, refusal.data.error.code);
      throw new ControlApiError(`Sidestage refused ${method} ${path} with ${response.status}.`, response.status, 'refused');
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ControlApiError(`Sidestage's answer to ${method} ${path} is not what this plugin reads (${issue?.path.join('.') || 'the answer'}: ${issue?.message ?? 'unexpected'}); update the plugin.`, response.status, 'bad_answer');
    }
    return parsed.data;
  }
}
