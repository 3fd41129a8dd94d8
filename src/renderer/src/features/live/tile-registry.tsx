/**
 * Every quick-action tile of the Live view, in the order a new broadcaster gets them. A feature adds
 * its tile with ONE entry here (see "Recipes, A Live view tile" in docs/architecture.md): its id (kept in
 * settings), label, key, the state it shows (a pure function of the store, `tile-states.ts`), and
 * what it does (`run`) or the sheet it opens (`Form`). The grid, the key, the sheet, the broadcaster's
 * choice and order, and the legend all follow from the entry.
 */
import { selectLiveView } from '../../store/live-view-slice';
import { automationsTile } from '../automations/automations-tile';
import { ChatModesQuick } from '../chat-settings/chat-modes-quick';
import { ChannelInfoForm } from './channel-info-form';
import { alertsTile } from '../overlays/alerts-tile';
import { speechTile } from '../overlays/speech-tile';
import { ObsForm } from './obs-form';
import { AdForm } from './ad-form';
import { ClipForm } from './clip-form';
import { PollForm, PredictionForm, TemplateForm } from './engagement-actions';
import { MarkerForm } from './marker-form';
import { RaidForm, ShoutoutForm } from './raid-actions';
import type { LiveTile } from '../../components/tiles/tile-model';
import { ShieldModeForm } from '../moderation/shield-mode-control';
import { UnbanRequests } from '../moderation/unban-requests';
import { BannedAccountsSheet } from '../moderation/banned-accounts';
import { ModLogSheet } from '../moderation/mod-log';
import { bannedAccountsTileState, modLogTileState, shieldModeTileState, unbanRequestsTileState } from '../moderation/moderation-tiles';
import {
  adTileState,
  channelTileState,
  chatModesTileState,
  chosenTemplate,
  clipTileState,
  endPollTileState,
  lockTileState,
  markerTileState,
  obsTileState,
  queueTileState,
  raidTileState,
  shoutoutTileState,
  snoozeTileState,
  startTileState,
} from './tile-states';

export const liveTiles: readonly LiveTile[] = [
  {
    id: 'marker',
    label: 'Drop marker',
    key: 'm',
    keyHelp: 'drop a marker',
    state: markerTileState,
    run: (store) => store.getState().dropMarker(),
    Form: MarkerForm,
    formTitle: 'Marker with a description',
    errors: [{ action: 'markers.drop', what: 'Marker not created' }],
  },
  {
    id: 'clip',
    label: 'Create clip',
    key: 'k',
    keyHelp: 'create a clip',
    state: clipTileState,
    run: (store) => store.getState().createClip(),
    Form: ClipForm,
    formTitle: 'Clips',
    errors: [{ action: 'clips.create', what: 'Clip not created' }],
  },
  {
    id: 'ad',
    label: 'Run ad',
    key: 'a',
    keyHelp: 'run an ad',
    state: adTileState,
    run: (store) => {
      const state = store.getState();
      return state.runAd(selectLiveView(state).adLengthSeconds);
    },
    Form: AdForm,
    formTitle: 'Ads',
    errors: [{ action: 'ads.run', what: 'Ad not started' }],
  },
  {
    id: 'snooze',
    label: 'Snooze ad',
    key: 's',
    keyHelp: 'snooze the next ad',
    state: snoozeTileState,
    run: (store) => store.getState().snoozeAd(),
    Form: AdForm,
    formTitle: 'Ads',
    errors: [{ action: 'ads.snooze', what: 'Ad not snoozed' }],
  },
  {
    id: 'poll',
    label: 'Start poll',
    key: 'p',
    keyHelp: 'start the chosen poll or prediction',
    state: startTileState,
    run: (store) => {
      const template = chosenTemplate(store.getState());
      return template ? store.getState().startEngagement(template.id) : undefined;
    },
    Form: TemplateForm,
    formTitle: 'Poll or prediction',
    errors: [{ action: 'polls.start', what: 'Not started' }],
  },
  {
    id: 'end-poll',
    label: 'End poll',
    key: 'e',
    keyHelp: 'end the poll',
    state: endPollTileState,
    run: (store) => store.getState().endPoll(),
    Form: PollForm,
    formTitle: 'Poll',
    errors: [{ action: 'polls.end', what: 'Poll not ended' }],
  },
  {
    id: 'prediction',
    label: 'Lock prediction',
    key: 'l',
    keyHelp: 'lock the prediction',
    state: lockTileState,
    run: (store) => store.getState().lockPrediction(),
    Form: PredictionForm,
    formTitle: 'Prediction',
    errors: [{ action: 'polls.lock', what: 'Prediction not locked' }],
  },
  { id: 'raid', label: 'Raid', key: 'r', keyHelp: 'find a channel to raid', state: raidTileState, Form: RaidForm },
  { id: 'shoutout', label: 'Shoutout', key: 'o', keyHelp: 'shout out a channel', state: shoutoutTileState, Form: ShoutoutForm },
  { id: 'chat-modes', label: 'Chat modes', state: chatModesTileState, Form: ChatModesQuick },
  { id: 'channel', label: 'Stream info', state: channelTileState, Form: ChannelInfoForm },
  { id: 'obs', label: 'OBS stream', state: obsTileState, Form: ObsForm },
  {
    id: 'shield-mode',
    label: 'Shield Mode',
    key: 'h',
    keyHelp: 'Shield Mode on or off',
    state: shieldModeTileState,
    run: (store) => store.getState().toggleShieldMode(),
    Form: ShieldModeForm,
    errors: [{ action: 'shieldMode.set', what: 'Shield Mode not changed' }],
    // The dock's twelve are full: the top of the view says when it matters (moderation-status.tsx).
    shownByDefault: false,
  },
  { id: 'unban-requests', label: 'Unban requests', state: unbanRequestsTileState, Form: UnbanRequests, shownByDefault: false },
  { id: 'mod-log', label: 'Mod log', state: modLogTileState, Form: ModLogSheet, shownByDefault: false },
  { id: 'banned-accounts', label: 'Banned accounts', state: bannedAccountsTileState, Form: BannedAccountsSheet, shownByDefault: false },
  {
    id: 'queue',
    label: 'Open queue',
    state: queueTileState,
    run: (store) => store.getState().setActivePanel('queue'),
    shownByDefault: false,
  },
  alertsTile,
  speechTile,
  automationsTile,
];
