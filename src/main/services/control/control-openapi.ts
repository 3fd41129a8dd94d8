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
  claimAnswerSchema,
  claimRequestSchema,
  controlActionSchema,
  controlErrorSchema,
  controlFrameSchema,
  controlStateSchema,
  pairRequestSchema,
  pairStartedSchema,
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

  return {
    openapi: '3.1.0',
    info: {
      title: 'Sidestage control API',
      version: '1.0.0',
      description:
        'Drives Sidestage from a Stream Deck, Companion or a script on the same computer: 127.0.0.1 only, paired clients only. Pair with POST /pair, have the broadcaster approve in Sidestage (Settings, Control API), claim the token, then send it as `Authorization: Bearer <token>`. See docs/control-api.md.',
    },
    servers: [{ url: `http://127.0.0.1:{port}${CONTROL_API_PREFIX}`, variables: { port: { default: '0', description: 'The port shown in Sidestage’s Settings.' } } }],
    components: { schemas, securitySchemes: { token: { type: 'http', scheme: 'bearer', description: 'A paired client’s own token.' } } },
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
      '/events': {
        get: {
          summary: 'WebSocket (upgrade): the state as a ControlFrame on connecting and on every change (scope read). The client sends nothing.',
          security: [{ token: [] }],
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
