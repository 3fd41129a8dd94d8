/**
 * The one IPC contract between the renderer and main.
 *
 * Every channel is `domain:verb` with a zod schema for its single argument and its result;
 * every event is `domain:changed` (or similar) with a schema for its payload. Main validates
 * arguments on the way in and parses results on the way out (which strips any field a schema
 * does not name, so a secret cannot leak by accident). Types come from the schemas.
 *
 * Secrets never cross: no result carries an access token, a refresh token or the client secret.
 * The stream key crosses only through `ingest:revealStreamKey`, an explicit reveal or copy.
 *
 * Each domain's schemas live in `schemas/<domain>.ts`; this file holds the channel maps and the
 * types derived from them, and re-exports every schema so callers import from one place.
 */
import { z } from 'zod';
import { adLengthSchema, adsStateSchema } from './schemas/ads';
import { appInfoSchema, clientIdSchema } from './schemas/app';
import { authStateSchema, botAccountStateSchema, signInFlowSchema } from './schemas/auth';
import { categorySchema, channelInfoSchema } from './schemas/channel';
import { charityOverviewSchema } from './schemas/charity';
import { chatSettingsStateSchema, chatSettingsValuesSchema } from './schemas/chat-settings';
import { dataRecoveryNoticeSchema } from './schemas/data';
import { hateRaidResultSchema, simulationStateSchema } from './schemas/demo';
import type { IpcResult } from './schemas/errors';
import { eventsStatusSchema } from './schemas/events';
import { ingestOverviewSchema, revealedStreamKeySchema } from './schemas/ingest';
import { markersOverviewSchema } from './schemas/markers';
import { clearHotkeyArgSchema, hotkeysStateSchema, setHotkeyArgSchema } from './schemas/hotkeys';
import { controlApiStateSchema, controlApproveArgSchema, controlIdArgSchema, controlPhoneArgSchema } from './schemas/control';
import { goLiveFixArgSchema, goLiveStartPresetArgSchema, goLiveStateSchema } from './schemas/go-live';
import { obsConnectionArgSchema, obsOptionsArgSchema, obsPasswordArgSchema, obsSendArgSchema, obsSendResultSchema, obsStateSchema, obsStreamTargetSchema } from './schemas/obs';
import { notificationSettingsSchema, openItemSchema, shownNotificationSchema } from './schemas/notifications';
import { queueDeltaSchema, queueSnapshotSchema, queueStatusSchema, redemptionIdsArgSchema, resolveResultSchema, undoCancelResultSchema } from './schemas/redemptions';
import { customRewardSchema, rewardInputSchema, rewardsOverviewSchema } from './schemas/rewards';
import { streamStatusSchema } from './schemas/stream';
import { trayChoiceSchema, traySettingsSchema } from './schemas/tray';
import { testStreamStateSchema } from './schemas/test-stream';
import { clipsStateSchema } from './schemas/clips';
import { engagementStateSchema, engagementTemplateSchema } from './schemas/polls';
import { channelLoginArgSchema, followedChannelSchema, raidStateSchema } from './schemas/raids';
import { activityDeltaSchema, activitySnapshotSchema, shoutoutArgSchema, shoutoutResultSchema } from './schemas/activity';
import { chatDeltaSchema, chatModerateArgSchema, chatModerateResultSchema, chatSendArgSchema, chatSendResultSchema, chatSnapshotSchema } from './schemas/chat';
import { appearanceSchema } from './schemas/appearance';
import {
  autoModLevelArgSchema,
  blockedTermAddArgSchema,
  blockedTermRemoveArgSchema,
  chatRulesStateSchema,
  chatUserActArgSchema,
  chatUserActResultSchema,
  chatUserArgSchema,
  chatUserCardSchema,
  chatUserWarnArgSchema,
  heldMessageResolveArgSchema,
  heldMessageResolveResultSchema,
  heldMessagesStateSchema,
  shieldModeSetArgSchema,
  shieldModeStateSchema,
  unbanRequestResolveArgSchema,
  bannedAccountsStateSchema,
  bannedUnbanArgSchema,
  bannedUnbanResultSchema,
  chatUserSuspiciousArgSchema,
  unbanRequestResolveResultSchema,
  unbanRequestsStateSchema,
} from './schemas/moderation';
import {
  automationIdArgSchema,
  automationSaveArgSchema,
  automationSavedSchema,
  automationSetEnabledArgSchema,
  automationsExportArgSchema,
  automationsExportResultSchema,
  automationsImportArgSchema,
  automationsImportResultSchema,
  automationsPausedArgSchema,
  automationsStateSchema,
  variableChangeArgSchema,
  variableDefineArgSchema,
  variableNameArgSchema,
  automationTemplateArgSchema,
  automationTestResultSchema,
  obsChoicesSchema,
} from './schemas/automations';
import { mediaAddArgSchema, mediaItemSchema, mediaListSchema, mediaRemoveArgSchema } from './schemas/media';
import {
  addToObsResultSchema,
  adjustGoalArgSchema,
  alertQueueStateSchema,
  chatOverlayOptionsSchema,
  goalIdArgSchema,
  overlayKeyArgSchema,
  overlaysStateSchema,
  saveGoalArgSchema,
  setAlertOptionsArgSchema,
  setCustomCssArgSchema,
  setAlertTypeArgSchema,
  setOverlayPortArgSchema,
  testAlertArgSchema,
  testAlertResultSchema,
} from './schemas/overlays';
import { setSpeechArgSchema, speechStateSchema } from './schemas/speech';
import { setWidgetArgSchema, widgetTimerArgSchema, widgetsStateSchema } from './schemas/widgets';
import { liveViewChangesSchema, liveViewSchema } from './schemas/live-view';
import { broadcastIdArgSchema, broadcastStoryListSchema, broadcastStorySchema } from './schemas/broadcast-story';
import { modLogStateSchema } from './schemas/mod-log';

const noArg = z.undefined();

export * from './schemas/errors';
export * from './schemas/app';
export * from './schemas/auth';
export * from './schemas/ingest';
export * from './schemas/events';
export * from './schemas/redemptions';
export * from './schemas/notifications';
export * from './schemas/charity';
export * from './schemas/rewards';
export * from './schemas/stream';
export * from './schemas/markers';
export * from './schemas/hotkeys';
export * from './schemas/chat-settings';
export * from './schemas/ads';
export * from './schemas/channel';
export * from './schemas/tray';
export * from './schemas/demo';
export * from './schemas/data';
export * from './schemas/obs';
export * from './schemas/go-live';
export * from './schemas/test-stream';
export * from './schemas/clips';
export * from './schemas/polls';
export * from './schemas/raids';
export * from './schemas/activity';
export * from './schemas/chat';
export * from './schemas/channel-events';
export * from './schemas/appearance';
export * from './schemas/moderation';
export * from './schemas/automations';
export * from './schemas/media';
export * from './schemas/overlays';
export * from './schemas/speech';
export * from './schemas/widgets';
export * from './schemas/control';
export * from './schemas/live-view';
export * from './schemas/broadcast-story';
export * from './schemas/mod-log';

const dataRecoveryChannels = {
  'data:getNotices': { arg: noArg, result: z.array(dataRecoveryNoticeSchema) },
  /** Answers the notices left. */
  'data:dismissNotice': { arg: z.object({ id: z.string().min(1).max(100) }).strict(), result: z.array(dataRecoveryNoticeSchema) },
} as const;

const dataRecoveryEvents = {
  'data:changed': z.array(dataRecoveryNoticeSchema),
} as const;

// ---------- the contract ----------

export const invokeChannels = {
  'events:getStatus': { arg: noArg, result: eventsStatusSchema },
  'events:reconnect': { arg: noArg, result: eventsStatusSchema },
  'app:getInfo': { arg: noArg, result: appInfoSchema },
  /** Saves the client ID to use from the next start (null: the demo). The secret is never taken here. */
  'app:setPlatform': { arg: z.object({ clientId: clientIdSchema.nullable() }).strict(), result: appInfoSchema },

  'auth:getState': { arg: noArg, result: authStateSchema },
  'auth:signIn': {
    arg: z.object({ flow: signInFlowSchema.default('loopback') }).strict().optional(),
    result: authStateSchema,
  },
  'auth:cancelSignIn': { arg: noArg, result: authStateSchema },
  'auth:signOut': { arg: noArg, result: authStateSchema },
  // the bot account: a second sign-in that speaks in chat (src/main/services/auth/bot-account.ts)
  'bot:getState': { arg: noArg, result: botAccountStateSchema },
  'bot:signIn': {
    arg: z.object({ flow: signInFlowSchema.default('loopback') }).strict().optional(),
    result: botAccountStateSchema,
  },
  'bot:cancelSignIn': { arg: noArg, result: botAccountStateSchema },
  'bot:signOut': { arg: noArg, result: botAccountStateSchema },

  'ingest:getOverview': { arg: noArg, result: ingestOverviewSchema },
  'ingest:refresh': { arg: noArg, result: ingestOverviewSchema },
  'ingest:probe': { arg: noArg, result: ingestOverviewSchema },
  'ingest:select': {
    /** null: follow the recommendation again. */
    arg: z.object({ serverId: z.number().int().nonnegative().nullable() }).strict(),
    result: ingestOverviewSchema,
  },
  'ingest:setOptions': {
    arg: z.object({ secure: z.boolean().optional(), bandwidthTest: z.boolean().optional() }).strict(),
    result: ingestOverviewSchema,
  },
  'ingest:revealStreamKey': {
    arg: z.object({ purpose: z.enum(['reveal', 'copy']) }).strict(),
    result: revealedStreamKeySchema,
  },
  // redemptions, notifications, charity, rewards
  'redemptions:getSnapshot': { arg: noArg, result: queueSnapshotSchema },
  'redemptions:fulfill': { arg: redemptionIdsArgSchema, result: resolveResultSchema },
  'redemptions:cancel': { arg: redemptionIdsArgSchema, result: resolveResultSchema },
  /** Cancel with a refund after the undo window (the queue's status shows it pending); answers once sent or undone. */
  'redemptions:cancelWithUndo': { arg: redemptionIdsArgSchema, result: resolveResultSchema },
  'redemptions:undoCancel': { arg: noArg, result: undoCancelResultSchema },
  'redemptions:resolveAllOfReward': {
    arg: z.object({ rewardId: z.string().min(1), status: z.enum(['FULFILLED', 'CANCELED']) }).strict(),
    result: resolveResultSchema,
  },
  'redemptions:reconcile': { arg: noArg, result: queueStatusSchema },
  'redemptions:dismissFailure': { arg: z.object({ at: z.string() }).strict(), result: z.null() },
  'notifications:getSettings': { arg: noArg, result: notificationSettingsSchema },
  'notifications:setSettings': { arg: notificationSettingsSchema.partial().strict(), result: notificationSettingsSchema },
  'notifications:act': {
    /** A toast's button (actionId) or the toast itself (no actionId) was clicked. */
    arg: z.object({ id: z.string(), actionId: z.string().optional() }).strict(),
    result: z.null(),
  },
  'charity:getOverview': { arg: noArg, result: charityOverviewSchema },
  'charity:refresh': { arg: noArg, result: charityOverviewSchema },
  'charity:loadMore': { arg: noArg, result: charityOverviewSchema },
  'rewards:list': { arg: noArg, result: rewardsOverviewSchema },
  'rewards:create': { arg: rewardInputSchema, result: customRewardSchema },
  'rewards:update': {
    arg: z.object({ id: z.string().min(1), changes: rewardInputSchema.partial().extend({ isPaused: z.boolean().optional() }).strict() }).strict(),
    result: customRewardSchema,
  },
  'rewards:delete': { arg: z.object({ id: z.string().min(1) }).strict(), result: z.object({ fulfilledRedemptions: z.number().int() }) },
  'rewards:adopt': { arg: z.object({ id: z.string().min(1) }).strict(), result: z.object({ reward: customRewardSchema, retireOriginal: z.string() }) },
  // live controls: stream status, markers, hotkeys, chat settings, ads, channel info
  'stream:getStatus': { arg: noArg, result: streamStatusSchema },
  'stream:refresh': { arg: noArg, result: streamStatusSchema },
  'markers:getOverview': { arg: noArg, result: markersOverviewSchema },
  'markers:drop': {
    /** noteRequestId: the marker the note shortcut asked for (it keeps that press's time). */
    arg: z.object({ description: z.string().max(140).optional(), noteRequestId: z.string().optional() }).strict().optional(),
    result: markersOverviewSchema,
  },
  'markers:refreshApi': { arg: noArg, result: markersOverviewSchema },
  'markers:setDescriptionTemplate': { arg: z.object({ template: z.string().max(140) }).strict(), result: markersOverviewSchema },
  'hotkeys:getState': { arg: noArg, result: hotkeysStateSchema },
  /** Gives a quick action a global hotkey; refused in words when another action or program has it. */
  'hotkeys:set': { arg: setHotkeyArgSchema, result: hotkeysStateSchema },
  /** Takes a quick action's hotkey away (the marker's cannot go: choose another instead). */
  'hotkeys:clear': { arg: clearHotkeyArgSchema, result: hotkeysStateSchema },
  'hotkeys:startTest': { arg: noArg, result: hotkeysStateSchema },
  'chatSettings:get': { arg: noArg, result: chatSettingsStateSchema },
  'chatSettings:refresh': { arg: noArg, result: chatSettingsStateSchema },
  'chatSettings:update': { arg: chatSettingsValuesSchema.partial().strict(), result: chatSettingsStateSchema },
  'chatSettings:applyPreset': { arg: z.object({ presetId: z.string().min(1) }).strict(), result: chatSettingsStateSchema },
  'chatSettings:cancelRevert': { arg: noArg, result: chatSettingsStateSchema },
  'chatSettings:revertNow': { arg: noArg, result: chatSettingsStateSchema },
  'ads:getState': { arg: noArg, result: adsStateSchema },
  'ads:run': { arg: z.object({ length: adLengthSchema }).strict(), result: adsStateSchema },
  'channel:getInfo': { arg: noArg, result: channelInfoSchema },
  'channel:updateInfo': { arg: channelInfoSchema.omit({ categoryName: true }).partial().strict(), result: channelInfoSchema },
  'channel:searchCategories': { arg: z.object({ query: z.string().min(1).max(100) }).strict(), result: z.array(categorySchema) },
  'tray:getSettings': { arg: noArg, result: traySettingsSchema },
  'tray:setSettings': { arg: trayChoiceSchema.partial().strict(), result: traySettingsSchema },
  // demo
  'demo:getSimulation': { arg: noArg, result: simulationStateSchema },
  'demo:setSimulation': { arg: z.object({ running: z.boolean() }).strict(), result: simulationStateSchema },
  /** New accounts raid the demo channel and flood its chat (demo mode only). */
  'demo:simulateHateRaid': { arg: noArg, result: hateRaidResultSchema },
  // OBS Studio (obs-websocket 5); the password goes in through obs:setPassword and never comes back
  'obs:getState': { arg: noArg, result: obsStateSchema },
  /** Saves host and port and reconnects when on. */
  'obs:setConnection': { arg: obsConnectionArgSchema, result: obsStateSchema },
  'obs:setPassword': { arg: obsPasswordArgSchema, result: obsStateSchema },
  /** Turns the connection on (kept across restarts) and connects now. */
  'obs:connect': { arg: noArg, result: obsStateSchema },
  'obs:disconnect': { arg: noArg, result: obsStateSchema },
  'obs:setOptions': { arg: obsOptionsArgSchema, result: obsStateSchema },
  /** Compares OBS's stream settings with the selected ingest server and the stream key. */
  'obs:checkStreamTarget': { arg: noArg, result: obsStreamTargetSchema },
  'obs:sendStreamTarget': { arg: obsSendArgSchema, result: obsSendResultSchema },
  'obs:startStream': { arg: noArg, result: obsStateSchema },
  'obs:stopStream': { arg: noArg, result: obsStateSchema },
  // the go-live checklist: re-checks itself only while open
  'goLive:getState': { arg: noArg, result: goLiveStateSchema },
  'goLive:open': { arg: noArg, result: goLiveStateSchema },
  'goLive:close': { arg: noArg, result: goLiveStateSchema },
  /** Checks now (while open or not). */
  'goLive:recheck': { arg: noArg, result: goLiveStateSchema },
  /** Runs an item's one-click fix, then checks again. */
  'goLive:fix': { arg: goLiveFixArgSchema, result: goLiveStateSchema },
  /** The chat preset to apply at the start of a stream; null: none. */
  'goLive:setStartPreset': { arg: goLiveStartPresetArgSchema, result: goLiveStateSchema },
  // the demo's "Publish a test stream" (ffmpeg as the encoder when OBS is not used)
  'testStream:getState': { arg: noArg, result: testStreamStateSchema },
  /** Answers at once with "starting"; "publishing" or "failed" follows as testStream:changed. */
  'testStream:start': { arg: noArg, result: testStreamStateSchema },
  /** Answers once ffmpeg has ended. */
  'testStream:stop': { arg: noArg, result: testStreamStateSchema },
  ...dataRecoveryChannels,
  // quick actions: clips, the ad schedule, polls and predictions, raids and shoutouts
  'clips:getState': { arg: noArg, result: clipsStateSchema },
  /** Resolves once the platform created the clip (edit link known); its listing follows as `clips:changed`. */
  'clips:create': { arg: noArg, result: clipsStateSchema },
  'ads:refreshSchedule': { arg: noArg, result: adsStateSchema },
  'ads:snooze': { arg: noArg, result: adsStateSchema },
  'polls:getState': { arg: noArg, result: engagementStateSchema },
  'polls:refresh': { arg: noArg, result: engagementStateSchema },
  /** Creates or replaces a template (same id). */
  'polls:saveTemplate': { arg: engagementTemplateSchema, result: engagementStateSchema },
  'polls:deleteTemplate': { arg: z.object({ id: z.string().min(1).max(64) }).strict(), result: engagementStateSchema },
  /** Starts the template's poll or prediction. */
  'polls:start': { arg: z.object({ templateId: z.string().min(1).max(64) }).strict(), result: engagementStateSchema },
  'polls:endPoll': { arg: noArg, result: engagementStateSchema },
  'polls:lockPrediction': { arg: noArg, result: engagementStateSchema },
  'polls:resolvePrediction': { arg: z.object({ outcomeId: z.string().min(1).max(100) }).strict(), result: engagementStateSchema },
  'polls:cancelPrediction': { arg: noArg, result: engagementStateSchema },
  'raids:getState': { arg: noArg, result: raidStateSchema },
  /** Live channels the broadcaster follows, filtered by name, login or category as typed. */
  'raids:searchFollowed': { arg: z.object({ query: z.string().max(100), fresh: z.boolean().optional() }).strict(), result: z.array(followedChannelSchema) },
  'raids:start': { arg: z.object({ channelId: z.string().min(1).max(20).regex(/^\d+$/) }).strict(), result: raidStateSchema },
  'raids:cancel': { arg: noArg, result: raidStateSchema },
  'raids:shoutout': { arg: channelLoginArgSchema, result: raidStateSchema },
  // the activity feed and chat of the Live view
  'activity:getSnapshot': { arg: noArg, result: activitySnapshotSchema },
  /** A raid's one-click shoutout. */
  'activity:shoutout': { arg: shoutoutArgSchema, result: shoutoutResultSchema },
  'chat:getSnapshot': { arg: noArg, result: chatSnapshotSchema },
  'chat:send': { arg: chatSendArgSchema, result: chatSendResultSchema },
  'chat:moderate': { arg: chatModerateArgSchema, result: chatModerateResultSchema },
  // appearance: the theme, shared by the window and the docks
  'appearance:get': { arg: noArg, result: appearanceSchema },
  'appearance:set': { arg: appearanceSchema.partial().strict(), result: appearanceSchema },
  // moderation while live: Shield Mode, AutoMod's held messages, unban requests, a chatter's card, chat rules
  'shieldMode:getState': { arg: noArg, result: shieldModeStateSchema },
  /** Turns Shield Mode on or off at the platform; answers once the platform has. */
  'shieldMode:set': { arg: shieldModeSetArgSchema, result: shieldModeStateSchema },
  /** "Not now" to the raid-flood suggestion. */
  'shieldMode:dismissSuggestion': { arg: noArg, result: shieldModeStateSchema },
  'heldMessages:getState': { arg: noArg, result: heldMessagesStateSchema },
  /** Allows (it appears in chat) or denies a message AutoMod held. */
  'heldMessages:resolve': { arg: heldMessageResolveArgSchema, result: heldMessageResolveResultSchema },
  'unbanRequests:getState': { arg: noArg, result: unbanRequestsStateSchema },
  'unbanRequests:refresh': { arg: noArg, result: unbanRequestsStateSchema },
  'unbanRequests:resolve': { arg: unbanRequestResolveArgSchema, result: unbanRequestResolveResultSchema },
  /** A chatter's card: account and follow age, this broadcast's timeouts and bans, suspicious-user status, roles. */
  'chatUsers:getCard': { arg: chatUserArgSchema, result: chatUserCardSchema },
  'chatUsers:act': { arg: chatUserActArgSchema, result: chatUserActResultSchema },
  'chatUsers:warn': { arg: chatUserWarnArgSchema, result: chatUserActResultSchema },
  /** Monitors or restricts the chatter (Add Suspicious Status), or lifts it (Remove). */
  'chatUsers:setSuspicious': { arg: chatUserSuspiciousArgSchema, result: chatUserActResultSchema },
  /** Banned and timed-out accounts (Get Banned Users), kept fresh from the ban and unban events. */
  'bannedAccounts:getState': { arg: noArg, result: bannedAccountsStateSchema },
  'bannedAccounts:refresh': { arg: noArg, result: bannedAccountsStateSchema },
  /** Unbans an account by its name (looked up with Get Users). */
  'bannedAccounts:unban': { arg: bannedUnbanArgSchema, result: bannedUnbanResultSchema },
  /** Every moderator's actions on the channel, newest first. */
  'modLog:getState': { arg: noArg, result: modLogStateSchema },
  'chatRules:get': { arg: noArg, result: chatRulesStateSchema },
  'chatRules:refresh': { arg: noArg, result: chatRulesStateSchema },
  'chatRules:setAutoModLevel': { arg: autoModLevelArgSchema, result: chatRulesStateSchema },
  'chatRules:addBlockedTerm': { arg: blockedTermAddArgSchema, result: chatRulesStateSchema },
  'chatRules:removeBlockedTerm': { arg: blockedTermRemoveArgSchema, result: chatRulesStateSchema },
  // automations: when something happens on the channel, Sidestage acts
  'automations:getState': { arg: noArg, result: automationsStateSchema },
  /** Creates (no id) or replaces an automation. */
  'automations:save': { arg: automationSaveArgSchema, result: automationSavedSchema },
  'automations:createFromTemplate': { arg: automationTemplateArgSchema, result: automationSavedSchema },
  'automations:duplicate': { arg: automationIdArgSchema, result: automationSavedSchema },
  'automations:setEnabled': { arg: automationSetEnabledArgSchema, result: automationsStateSchema },
  'automations:delete': { arg: automationIdArgSchema, result: automationsStateSchema },
  /** The global pause: nothing runs while paused. */
  'automations:setPaused': { arg: automationsPausedArgSchema, result: automationsStateSchema },
  /** The Run button: runs now, without an event. */
  'automations:run': { arg: automationIdArgSchema, result: automationsStateSchema },
  /** Test with a sample event (in demo mode, sent through the platform's simulation). */
  'automations:test': { arg: automationIdArgSchema, result: automationTestResultSchema },
  'automations:import': { arg: automationsImportArgSchema, result: automationsImportResultSchema },
  'automations:export': { arg: automationsExportArgSchema, result: automationsExportResultSchema },
  'automations:clearLog': { arg: noArg, result: automationsStateSchema },
  /** OBS's scenes, sources and inputs for the editor's pickers. */
  'automations:obsChoices': { arg: noArg, result: obsChoicesSchema },
  // the automations' variables (a death counter, the last raider): create or edit, change, delete
  'automations:defineVariable': { arg: variableDefineArgSchema, result: automationsStateSchema },
  'automations:changeVariable': { arg: variableChangeArgSchema, result: automationsStateSchema },
  'automations:deleteVariable': { arg: variableNameArgSchema, result: automationsStateSchema },
  // the media library (images and sounds for alerts) and the overlays served to OBS browser sources
  'media:list': { arg: noArg, result: mediaListSchema },
  /** Type read from the bytes, size checked; answers the new item. */
  'media:add': { arg: mediaAddArgSchema, result: mediaItemSchema },
  'media:remove': { arg: mediaRemoveArgSchema, result: mediaListSchema },
  'overlays:getState': { arg: noArg, result: overlaysStateSchema },
  'overlays:setAlertType': { arg: setAlertTypeArgSchema, result: overlaysStateSchema },
  'overlays:setAlertOptions': { arg: setAlertOptionsArgSchema, result: overlaysStateSchema },
  /** Creates (no id) or changes a goal bar. */
  'overlays:saveGoal': { arg: saveGoalArgSchema, result: overlaysStateSchema },
  'overlays:removeGoal': { arg: goalIdArgSchema, result: overlaysStateSchema },
  /** Moves a custom goal's bar by hand. */
  'overlays:adjustGoal': { arg: adjustGoalArgSchema, result: overlaysStateSchema },
  /** A new token for the overlay: its old URL stops working at once. */
  'overlays:resetLink': { arg: overlayKeyArgSchema, result: overlaysStateSchema },
  /** Creates (or points at the new URL) a browser source in OBS's current scene. */
  'overlays:addToObs': { arg: overlayKeyArgSchema, result: addToObsResultSchema },
  /** Serves overlays on another port (kept across restarts); their URLs change. */
  'overlays:setPort': { arg: setOverlayPortArgSchema, result: overlaysStateSchema },
  'overlays:setReducedMotion': { arg: z.object({ reducedMotion: z.boolean() }).strict(), result: overlaysStateSchema },
  'overlays:setChatOptions': { arg: chatOverlayOptionsSchema.partial().strict(), result: overlaysStateSchema },
  'overlays:setCustomCss': { arg: setCustomCssArgSchema, result: overlaysStateSchema },
  /** The redemption on screen; null: the queue's oldest. */
  'overlays:pickRedemption': { arg: z.object({ redemptionId: z.string().min(1).max(100).nullable() }).strict(), result: overlaysStateSchema },
  'overlays:getQueue': { arg: noArg, result: alertQueueStateSchema },
  'overlays:pauseAlerts': { arg: noArg, result: alertQueueStateSchema },
  /** Resumes a pause by hand and an ad break's alike. */
  'overlays:resumeAlerts': { arg: noArg, result: alertQueueStateSchema },
  'overlays:skipAlert': { arg: noArg, result: alertQueueStateSchema },
  'overlays:replayAlert': { arg: noArg, result: alertQueueStateSchema },
  /** A test alert of that type (in demo mode made by the emulator, so the whole path runs). */
  'overlays:testAlert': { arg: testAlertArgSchema, result: testAlertResultSchema },
  /** Text-to-speech of the viewers' words on alerts: its settings, the system's voices, whether it speaks now. */
  'overlays:getSpeech': { arg: noArg, result: speechStateSchema },
  'overlays:setSpeech': { arg: setSpeechArgSchema, result: speechStateSchema },
  /** Skip: the words being spoken on the alerts pages stop. */
  'overlays:skipSpeech': { arg: noArg, result: speechStateSchema },
  /** The stream widgets' settings and the timer (each widget is an overlay of its own). */
  'overlays:getWidgets': { arg: noArg, result: widgetsStateSchema },
  'overlays:setWidget': { arg: setWidgetArgSchema, result: widgetsStateSchema },
  'overlays:widgetTimer': { arg: widgetTimerArgSchema, result: widgetsStateSchema },
  // the Live view as the broadcaster arranged it (tiles, chat and activity), shared by the window and the docks
  'liveView:get': { arg: noArg, result: liveViewSchema },
  'liveView:set': { arg: liveViewChangesSchema, result: liveViewSchema },
  // the control API (a Stream Deck, Companion, a script): its pairing requests and paired clients
  'control:getState': { arg: noArg, result: controlApiStateSchema },
  /** Approves a pairing request with the scopes ticked; the client then claims its token. */
  'control:approve': { arg: controlApproveArgSchema, result: controlApiStateSchema },
  'control:deny': { arg: controlIdArgSchema, result: controlApiStateSchema },
  /** Revokes a paired client: its token is refused from now on. */
  'control:revoke': { arg: controlIdArgSchema, result: controlApiStateSchema },
  /** Turns the phone deck on (on the address chosen) or off; its option to turn off after the broadcast. */
  'control:setPhone': { arg: controlPhoneArgSchema, result: controlApiStateSchema },
  /** A new one-time pairing link for a phone (with its QR code). */
  'control:phoneLink': { arg: noArg, result: controlApiStateSchema },
  // the Broadcasts panel: each recorded broadcast's story (minutes, moments), newest first
  'broadcastStory:list': { arg: noArg, result: broadcastStoryListSchema },
  'broadcastStory:get': { arg: broadcastIdArgSchema, result: broadcastStorySchema },
} as const satisfies Record<string, { arg: z.ZodType; result: z.ZodType }>;

export const eventChannels = {
  'events:changed': eventsStatusSchema,
  'auth:changed': authStateSchema,
  'bot:changed': botAccountStateSchema,
  'ingest:changed': ingestOverviewSchema,
  'redemptions:changed': queueDeltaSchema,
  'notifications:shown': shownNotificationSchema,
  'notifications:open': openItemSchema,
  'charity:changed': charityOverviewSchema,
  'rewards:changed': rewardsOverviewSchema,
  'stream:changed': streamStatusSchema,
  'markers:changed': markersOverviewSchema,
  'hotkeys:changed': hotkeysStateSchema,
  /** The raid hotkey: show the Live view with the raid search focused (a target must be chosen there). */
  'hotkeys:raid': z.object({}),
  'chatSettings:changed': chatSettingsStateSchema,
  'ads:changed': adsStateSchema,
  'demo:changed': simulationStateSchema,
  'obs:changed': obsStateSchema,
  'goLive:changed': goLiveStateSchema,
  /** Show the go-live panel (the tray's "Go-live checklist"). */
  'goLive:show': z.object({}),
  'testStream:changed': testStreamStateSchema,
  ...dataRecoveryEvents,
  'clips:changed': clipsStateSchema,
  'polls:changed': engagementStateSchema,
  'raids:changed': raidStateSchema,
  /** Title, category, tags: after a change here or on the platform (EventSub `channel.update`). */
  'channel:changed': channelInfoSchema,
  'activity:changed': activityDeltaSchema,
  'chat:changed': chatDeltaSchema,
  'appearance:changed': appearanceSchema,
  'shieldMode:changed': shieldModeStateSchema,
  'heldMessages:changed': heldMessagesStateSchema,
  'unbanRequests:changed': unbanRequestsStateSchema,
  'bannedAccounts:changed': bannedAccountsStateSchema,
  'modLog:changed': modLogStateSchema,
  'chatRules:changed': chatRulesStateSchema,
  'automations:changed': automationsStateSchema,
  'media:changed': mediaListSchema,
  'overlays:changed': overlaysStateSchema,
  'overlays:queueChanged': alertQueueStateSchema,
  'overlays:speechChanged': speechStateSchema,
  'overlays:widgetsChanged': widgetsStateSchema,
  'liveView:changed': liveViewSchema,
  'control:changed': controlApiStateSchema,
  'broadcastStory:changed': broadcastStoryListSchema,
  /** A broadcast ended a few seconds ago: its story opens. */
  'broadcastStory:ended': z.object({ id: z.string() }),
} as const satisfies Record<string, z.ZodType>;

// ---------- derived types ----------

type InvokeMap = typeof invokeChannels;
export type Channel = keyof InvokeMap & string;
export type ChannelArg<C extends Channel> = z.input<InvokeMap[C]['arg']>;
/** The argument after parsing (defaults applied). */
export type ParsedArg<C extends Channel> = z.output<InvokeMap[C]['arg']>;
export type ChannelResult<C extends Channel> = z.output<InvokeMap[C]['result']>;

type EventMap = typeof eventChannels;
export type EventName = keyof EventMap & string;
export type EventPayload<E extends EventName> = z.output<EventMap[E]>;

type NamespaceOf<C extends string> = C extends `${infer N}:${string}` ? N : never;
type MethodOf<C extends string, N extends string> = C extends `${N}:${infer M}` ? M : never;

type BridgeFunction<C extends Channel> = undefined extends ChannelArg<C>
  ? (arg?: ChannelArg<C>) => Promise<IpcResult<ChannelResult<C>>>
  : (arg: ChannelArg<C>) => Promise<IpcResult<ChannelResult<C>>>;

/** What the preload exposes as `window.sidestage` (and the dock bridge imitates). */
export type SidestageBridge = {
  [N in NamespaceOf<Channel>]: {
    [M in MethodOf<Channel, N>]: BridgeFunction<Extract<`${N}:${M}`, Channel>>;
  };
} & {
  /** Subscribes to a main -> renderer event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
};

export const channelNames = Object.keys(invokeChannels) as Channel[];
export const eventNames = Object.keys(eventChannels) as EventName[];

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && Object.hasOwn(invokeChannels, name);
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(eventChannels, name);
}

/** `auth:signIn` -> ['auth', 'signIn'] */
export function splitChannel(channel: string): [namespace: string, method: string] {
  const i = channel.indexOf(':');
  return [channel.slice(0, i), channel.slice(i + 1)];
}
