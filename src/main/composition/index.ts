/**
 * Every feature, in order: each is built from the ones above it, started in this order (listeners
 * first; `signIn`, last, starts EventSub and the sign-in), and disposed in the reverse order.
 * A new feature is one `composition/<feature>.ts` module and one line here.
 */
import { activityFeature } from './activity';
import { appearanceFeature } from './appearance';
import { automationsFeature } from './automations';
import { botFeature } from './bot';
import { broadcastStoryFeature } from './broadcast-story';
import { chatFeature } from './chat';
import { controlFeature } from './control';
import { demoFeature } from './demo';
import type { FeatureModule, FeatureName } from './feature-module';
import { goLiveFeature } from './go-live';
import { liveControlsFeature } from './live-controls';
import { liveViewFeature } from './live-view';
import { modLogFeature } from './mod-log';
import { moderationFeature } from './moderation';
import { obsFeature } from './obs';
import { overlaysFeature } from './overlays';
import { platformFeature } from './platform';
import { redemptionsFeature } from './redemptions';
import { signInFeature } from './sign-in';
import { testStreamFeature } from './test-stream';

export const features: readonly FeatureModule<FeatureName, unknown>[] = [
  platformFeature,
  // Before chat: a line may be sent as the bot.
  botFeature,
  redemptionsFeature,
  // Before the live controls: the Shield Mode hotkey is one of their quick actions.
  moderationFeature,
  liveControlsFeature,
  demoFeature,
  obsFeature,
  testStreamFeature,
  goLiveFeature,
  activityFeature,
  chatFeature,
  appearanceFeature,
  liveViewFeature,
  overlaysFeature,
  automationsFeature,
  controlFeature,
  // Late in the list, so disposed early: the minute under way is written while everything still runs.
  broadcastStoryFeature,
  // After the story: each entry is tagged with the broadcast it records.
  modLogFeature,
  signInFeature,
];
