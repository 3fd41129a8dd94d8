/** The account and signing in. */
import { z } from 'zod';

export const accountSchema = z.object({
  id: z.string(),
  login: z.string(),
  displayName: z.string(),
  broadcasterType: z.enum(['partner', 'affiliate', '']),
  profileImageUrl: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

export const signInFlowSchema = z.enum(['loopback', 'device']);
export type SignInFlow = z.infer<typeof signInFlowSchema>;

export const pendingSignInSchema = z.discriminatedUnion('flow', [
  z.object({
    flow: z.literal('loopback'),
    authorizeUrl: z.string().url(),
    /** `renderer`: main could not open a browser (dock mode); the renderer opens `authorizeUrl`. */
    openedBy: z.enum(['main', 'renderer']),
    expiresAt: z.string(),
  }),
  z.object({
    flow: z.literal('device'),
    userCode: z.string(),
    verificationUri: z.string().url(),
    expiresAt: z.string(),
  }),
]);
export type PendingSignIn = z.infer<typeof pendingSignInSchema>;

/**
 * Whose channel Sidestage shows (the rule: `shared/domain/current-broadcaster.ts`): the signed-in
 * account, or while a sign-in is under way or needs renewing the last one, whose data stays on
 * screen while `canCallApi` is false. Null: nobody (signed out).
 */
export const currentBroadcasterSchema = z.object({
  id: z.string(),
  login: z.string(),
  displayName: z.string(),
  /** Signed in as this account: the platform can be called for it now. */
  canCallApi: z.boolean(),
});
export type CurrentBroadcasterView = z.infer<typeof currentBroadcasterSchema>;

export const authStateSchema = z.object({
  status: z.enum(['signedOut', 'signingIn', 'signedIn', 'needsSignIn']),
  account: accountSchema.nullable(),
  scopes: z.array(z.string()),
  /** Scopes Sidestage asks for that the grant lacks. */
  missingScopes: z.array(z.string()),
  pending: pendingSignInSchema.nullable(),
  lastValidatedAt: z.string().nullable(),
  /** Why the last sign-in, refresh or validation failed, in words. */
  error: z.string().nullable(),
  currentBroadcaster: currentBroadcasterSchema.nullable(),
});
export type AuthState = z.infer<typeof authStateSchema>;

/** The auth state before anything is known: also the renderer's initial state. */
export const signedOutAuthState: AuthState = {
  status: 'signedOut',
  account: null,
  scopes: [],
  missingScopes: [],
  pending: null,
  lastValidatedAt: null,
  error: null,
  currentBroadcaster: null,
};

/**
 * The bot account's sign-in (a second one beside the broadcaster's): the same state without a
 * current broadcaster (the bot's channel is never shown), and whether its lines wear the chat-bot
 * badge (sent with the app's token; false for a client without a secret, where it speaks with its
 * own user token).
 */
export const botAccountStateSchema = authStateSchema.omit({ currentBroadcaster: true }).extend({ speaksWithBadge: z.boolean() });
export type BotAccountState = z.infer<typeof botAccountStateSchema>;
