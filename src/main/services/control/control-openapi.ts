/**
 * The control API described as OpenAPI 3.1, generated from its zod schemas (`control-schemas.ts`)
 * with zod's own `z.toJSONSchema`. The document is committed as `docs/control-api.openapi.json`;
 * `control-openapi.test.ts` fails when the two drift (`npm run control-api:openapi` writes it again).
 */
import { z } from 'zod';
import {
  CONTROL_API_PREFIX,
  actionOutcomeSchema,
  actionsListSchema,
  alertsPauseSchema,
  automationRunSchema,
  automationsListSchema,
  claimAnswerSchema,
  claimRequestSchema,
  controlActionSchema,
  controlClientFrameSchema,
  controlErrorSchema,
  controlFrameSchema,
  controlStateSchema,
  obsScenesSchema,
  obsSceneSwitchSchema,
  okSchema,
  pairRequestSchema,
  pairStartedSchema,
  phoneButtonsSchema,
  phoneClaimSchema,
  socketTicketSchema,
  variableAnswerSchema,
  variableChangeSchema,
  variableNameSchema,
  variablesListSchema,
} from './control-schemas';

const components = {
  PairRequest: pairRequestSchema,
  PairStarted: pairStartedSchema,
  ClaimRequest: claimRequestSchema,
  ClaimAnswer: claimAnswerSchema,
  ControlState: controlStateSchema,
  ActionsList: actionsListSchema,
  ActionOutcome: actionOutcomeSchema,
  ControlError: controlErrorSchema,
  ControlFrame: controlFrameSchema,
  ControlClientFrame: controlClientFrameSchema,
  Ok: okSchema,
  AutomationsList: automationsListSchema,
  AutomationRun: automationRunSchema,
  VariablesList: variablesListSchema,
  VariableChange: variableChangeSchema,
  VariableAnswer: variableAnswerSchema,
  AlertsPause: alertsPauseSchema,
  ObsScenes: obsScenesSchema,
  ObsSceneSwitch: obsSceneSwitchSchema,
  PhoneClaim: phoneClaimSchema,
  SocketTicket: socketTicketSchema,
  PhoneButtons: phoneButtonsSchema,
} as const;
type ComponentName = keyof typeof components;

const ref = (name: ComponentName) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: ComponentName, description: string) => ({ description, content: { 'application/json': { schema: ref(name) } } });
const refusal = (description: string) => json('ControlError', description);
const tokenRefusals = {
  '401': refusal('No token, or one Sidestage does not know (revoked): `unauthorized`.'),
  '403': refusal('The client was not given the scope this needs, or the request came from a web page of another site: `forbidden`.'),
};

export function controlOpenApiDocument(): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(components)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}` });
  for (const schema of Object.values(schemas)) {
    delete (schema as { $schema?: string }).$schema;
    delete (schema as { $id?: string }).$id;
  }
  const actionParameter = { name: 'action', in: 'path', required: true, schema: z.toJSONSchema(controlActionSchema) };
  delete (actionParameter.schema as { $schema?: string }).$schema;
  const variableParameter = { name: 'name', in: 'path', required: true, schema: z.toJSONSchema(variableNameSchema) };
  delete (variableParameter.schema as { $schema?: string }).$schema;
  const body = (name: ComponentName) => ({ required: true, content: { 'application/json': { schema: ref(name) } } });
  const unavailable = (description: string) => ({ '503': refusal(description) });

  return {
    openapi: '3.1.0',
    info: {
      title: 'Sidestage control API',
      version: '1.0.0',
      description:
        'Drives Sidestage from a Stream Deck, Companion or a script on the same computer: 127.0.0.1 only, paired clients only. Quick actions, automations, variables, the alert queue and OBS scenes; the state and the channel’s events on a WebSocket. Pair with POST /pair, have the broadcaster approve in Sidestage (Settings, Control API), claim the token, then send it as `Authorization: Bearer <token>`. See docs/control-api.md.',
    },
    servers: [{ url: `http://127.0.0.1:{port}${CONTROL_API_PREFIX}`, variables: { port: { default: '0', description: 'The port shown in Sidestage’s Settings.' } } }],
    components: { schemas, securitySchemes: { token: { type: 'http', scheme: 'bearer', description: 'A paired client’s own token.' }, ticket: { type: 'apiKey', in: 'query', name: 'ticket', description: 'The event socket only: a one-time ticket from POST /events/ticket.' } } },
    paths: {
      '/pair': {
        post: {
          summary: 'Ask to pair: Sidestage shows the request and its six-digit code to the broadcaster.',
          security: [],
          requestBody: { required: true, content: { 'application/json': { schema: ref('PairRequest') } } },
          responses: {
            '201': json('PairStarted', 'Waiting for the broadcaster; show the code so they can compare it.'),
            '400': refusal('The body is not a PairRequest.'),
            '413': refusal('The body is too large.'),
            '415': refusal('The body is not JSON.'),
            '429': refusal('Too many pairing requests (waiting at once, or this minute): `too_many_requests`.'),
          },
        },
      },
      '/pair/{requestId}/claim': {
        post: {
          summary: 'How the pairing request went: pending, or (once) the client’s token.',
          security: [],
          parameters: [{ name: 'requestId', in: 'path', required: true, schema: { type: 'string' } }],
          requestBody: { required: true, content: { 'application/json': { schema: ref('ClaimRequest') } } },
          responses: {
            '200': json('ClaimAnswer', 'Pending, or approved with the token and scopes (answered once).'),
            '400': refusal('The body is not a ClaimRequest.'),
            '403': refusal('The broadcaster declined the request.'),
            '404': refusal('No such request: it expired, was answered already, or the claim secret is wrong.'),
          },
        },
      },
      '/state': {
        get: { summary: 'The state a deck shows (scope read).', security: [{ token: [] }], responses: { '200': json('ControlState', 'The state now.'), ...tokenRefusals } },
      },
      '/actions': {
        get: { summary: 'The quick actions and the scope each needs (scope read).', security: [{ token: [] }], responses: { '200': json('ActionsList', 'Every quick action.'), ...tokenRefusals } },
      },
      '/actions/{action}': {
        post: {
          summary: 'Runs a quick action as its global hotkey does (scope actions, or moderation for chat modes and Shield Mode).',
          security: [{ token: [] }],
          parameters: [actionParameter],
          responses: { '200': json('ActionOutcome', 'What happened, in words (`done` false: it did not work, and why).'), ...tokenRefusals, '404': refusal('No such quick action.') },
        },
      },
      '/automations': {
        get: {
          summary: 'The automations: id, name, on or off (scope read).',
          security: [{ token: [] }],
          responses: { '200': json('AutomationsList', 'Every automation.'), ...tokenRefusals, ...unavailable('Automations are off (their files could not be opened): `unavailable`.') },
        },
      },
      '/automations/{id}/run': {
        post: {
          summary:
            'Runs an automation now, by hand, as its Run button does (scope automations); its run log says it was run from the control API by this client. Send an Idempotency-Key header to make a retry safe: the same key runs once.',
          security: [{ token: [] }],
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', minLength: 1, maxLength: 100 } },
          ],
          responses: {
            '200': json('AutomationRun', 'The run started (or, for a key seen already, the first run; `again` true).'),
            '400': refusal('The Idempotency-Key is not valid.'),
            ...tokenRefusals,
            '404': refusal('No such automation.'),
            ...unavailable('Automations are off: `unavailable`.'),
          },
        },
      },
      '/variables': {
        get: {
          summary: 'The automation variables (scope read).',
          security: [{ token: [] }],
          responses: { '200': json('VariablesList', 'Every variable.'), ...tokenRefusals, ...unavailable('Variables are not available in this version: `unavailable`.') },
        },
      },
      '/variables/{name}': {
        post: {
          summary: 'Sets, adds to or resets one variable (scope variables).',
          security: [{ token: [] }],
          parameters: [variableParameter],
          requestBody: body('VariableChange'),
          responses: {
            '200': json('VariableAnswer', 'The variable after the change.'),
            '400': refusal('The name or the change is not valid, or the change does not fit the variable’s type.'),
            ...tokenRefusals,
            '404': refusal('No such variable.'),
            ...unavailable('Variables are not available in this version: `unavailable`.'),
          },
        },
      },
      '/alerts/pause': {
        post: {
          summary: 'Pauses or resumes the overlays’ alert queue (scope actions).',
          security: [{ token: [] }],
          requestBody: body('AlertsPause'),
          responses: { '200': json('Ok', 'Done.'), '400': refusal('The body is not an AlertsPause.'), ...tokenRefusals },
        },
      },
      '/alerts/skip': {
        post: { summary: 'Ends the alert on screen now; the next follows (scope actions).', security: [{ token: [] }], responses: { '200': json('Ok', 'Done.'), ...tokenRefusals } },
      },
      '/obs/scenes': {
        get: {
          summary: 'OBS’s scenes (top first, as OBS’s dock shows them) and the one on air (scope read).',
          security: [{ token: [] }],
          responses: { '200': json('ObsScenes', 'The scenes.'), ...tokenRefusals, ...unavailable('OBS is not connected, or did not answer: `unavailable`, in words.') },
        },
      },
      '/obs/scene': {
        post: {
          summary: 'Switches OBS’s program scene through Sidestage’s connection (scope actions).',
          security: [{ token: [] }],
          requestBody: body('ObsSceneSwitch'),
          responses: { '200': json('Ok', 'Switched.'), '400': refusal('No such scene, or the body is not an ObsSceneSwitch.'), ...tokenRefusals, ...unavailable('OBS is not connected: `unavailable`, in words.') },
        },
      },
      '/phone/claim': {
        post: {
          summary: 'The phone deck’s server only: the one-time code of a pairing link (its fragment) for the phone’s own token (scopes read, actions, moderation). Each code pairs once, within five minutes.',
          security: [],
          requestBody: body('PhoneClaim'),
          responses: { '200': json('ClaimAnswer', 'Approved, with the token (answered once).'), '400': refusal('The body is not a PhoneClaim.'), '404': refusal('The code is used, expired or wrong.') },
        },
      },
      '/phone/buttons': {
        get: {
          summary: 'The phone deck’s server only: the buttons of the tiles the broadcaster chose in Arrange, in their order: quick actions, and the alerts tile’s pause switch ({"control": "alertsPause"}); `actions` lists the quick actions alone (scope read).',
          security: [{ token: [] }],
          responses: { '200': json('PhoneButtons', 'The buttons.'), ...tokenRefusals },
        },
      },
      '/events/ticket': {
        post: {
          summary:
            'A one-time ticket for the event socket, for a browser page (which cannot set a header on a WebSocket): open /events?ticket=<ticket> within expiresInMs. A ticket opens one socket, as the client that asked; the token never goes in a URL (scope read).',
          security: [{ token: [] }],
          responses: { '201': json('SocketTicket', 'The ticket.'), ...tokenRefusals },
        },
      },
      '/events': {
        get: {
          summary:
            'WebSocket (upgrade, scope read). Sends ControlFrames: the state on connecting and on every change; a client chooses its topics (state, events, variables, alerts) with a first frame {"subscribe": [...]} and may press a quick action with {"action": "...", "requestId": "..."} (answered with a frame of topic "action"). Each client frame is a ControlClientFrame; a malformed one is answered with a frame of topic "error"; more than 40 frames in 10 s closes the socket with 4429, a client that does not read its frames is closed with 4408, a revoked one with 4401.',
          security: [{ token: [] }, { ticket: [] }],
          responses: { '101': { description: 'Switching to WebSocket; each message is a ControlFrame.', content: { 'application/json': { schema: ref('ControlFrame') } } }, ...tokenRefusals },
        },
      },
    },
  };
}

/** The document as committed: two-space JSON and a final newline. */
export function controlOpenApiText(): string {
  return `${JSON.stringify(controlOpenApiDocument(), null, 2)}\n`;
}
