/**
 * The go-live checklist's nine checks, each a pure function of the services' states and of what
 * one check read (ingest overview, OBS's stream target and output settings): an item with its
 * state, its reason in words, whether it is required, and its one-click fix where one exists.
 */
import type { GoLiveItem, IngestOverview, ObsOutputSettings, ObsStreamTarget } from '../../../shared/ipc/contract';
import { formatAccelerator } from '../../../shared/domain/accelerator';
import { sameServer } from '../obs/obs-stream-target';
import type { GoLiveChatSettings, GoLiveEvents, GoLiveHotkey, GoLiveMarkers, GoLiveAuth, GoLiveObs, GoLiveTestStream, StartPresetSetting } from './go-live-ports';
import { evaluateOutputSettings } from './output-advice';

/** What the asynchronous reads gave (or why they failed), for one check. */
export interface Reads {
  overview: IngestOverview | { error: string };
  target: ObsStreamTarget | { error: string } | null;
  output: ObsOutputSettings | { error: string } | null;
}

/** The services' states the checks read, and what the enabled features need. */
export interface CheckInputs {
  auth: Pick<GoLiveAuth, 'getState'>;
  obs: Pick<GoLiveObs, 'getState'>;
  testStream?: Pick<GoLiveTestStream, 'getState'> | null;
  events: Pick<GoLiveEvents, 'getStatus'>;
  markers: Pick<GoLiveMarkers, 'getOverview'>;
  hotkey: Pick<GoLiveHotkey, 'getState'>;
  chatSettings: Pick<GoLiveChatSettings, 'getState'>;
  startPreset: Pick<StartPresetSetting, 'get'>;
  requiredScopes: readonly string[];
  requiredEventTypes: readonly string[];
  dockMode: boolean;
}

const labels: Record<GoLiveItem['id'], string> = {
  signIn: 'Signed in',
  streamKey: 'Stream key',
  obsConnected: 'OBS connected',
  obsServer: 'Ingest server',
  obsOutput: 'OBS output settings',
  vodStorage: 'VOD storage',
  eventSub: 'Live events',
  markerHotkey: 'Marker hotkey',
  chatPreset: 'Chat preset for the start',
};

/** Every item, in the order the panel lists them. */
export function evaluateChecklist(inputs: CheckInputs, reads: Reads): GoLiveItem[] {
  return [
    signInItem(inputs),
    streamKeyItem(inputs, reads),
    obsConnectedItem(inputs),
    obsServerItem(inputs, reads),
    obsOutputItem(inputs, reads),
    vodItem(inputs),
    eventSubItem(inputs),
    hotkeyItem(inputs),
    chatPresetItem(inputs),
  ];
}

function signInItem(inputs: CheckInputs): GoLiveItem {
  const auth = inputs.auth.getState();
  const fix = { action: 'signIn' as const, label: 'Sign in again' };
  if (auth.status === 'signedOut') return item('signIn', 'problem', 'Not signed in.', true, { ...fix, label: 'Sign in' });
  if (auth.status === 'signingIn') return item('signIn', 'unknown', 'Signing in…', true, null);
  if (auth.status === 'needsSignIn') return item('signIn', 'problem', `The sign-in needs renewing${auth.error ? `: ${auth.error}` : '.'}`, true, fix);
  const missing = inputs.requiredScopes.filter((scope) => !auth.scopes.includes(scope));
  if (missing.length > 0) return item('signIn', 'problem', `Signed in without permission for: ${missing.join(', ')}.`, true, fix);
  return item('signIn', 'ok', `Signed in as ${auth.account?.displayName ?? 'the broadcaster'} with every permission the features need.`, true, null);
}

function streamKeyItem(inputs: CheckInputs, reads: Reads): GoLiveItem {
  const { overview, target } = reads;
  if ('error' in overview) return item('streamKey', 'unknown', `The ingest settings could not be read: ${overview.error}`, true, null);
  if (overview.streamKeyError) return item('streamKey', 'problem', `The stream key could not be fetched: ${overview.streamKeyError}`, true, null);
  if (!overview.maskedUrl) return item('streamKey', 'problem', 'The stream key has not been fetched (is an ingest server selected?).', true, null);
  const send = { action: 'sendToObs' as const, label: 'Send to OBS' };
  if (target === null && testStreamIsEncoder(inputs)) return item('streamKey', 'ok', 'The stream key is fetched; the test stream publishes with it.', true, null);
  if (target === null) return item('streamKey', 'unknown', 'The stream key is fetched; connect OBS to check the one it holds.', true, null);
  if ('error' in target) return item('streamKey', 'unknown', `OBS's stream settings could not be read: ${target.error}`, true, null);
  if (target.match === 'empty') return item('streamKey', 'problem', 'OBS has no stream key yet.', true, send);
  if (target.differences.some((d) => d.includes('stream key'))) {
    return item('streamKey', 'problem', `OBS holds ${target.differences.filter((d) => d.includes('stream key')).join(', ')}, not the current one.`, true, send);
  }
  if (target.obsService !== null && target.differences.some((d) => d.includes('instead of a custom server'))) {
    return item('streamKey', 'problem', `OBS uses ${target.differences[0]}; its key cannot be compared.`, true, send);
  }
  return item('streamKey', 'ok', 'The stream key is fetched and OBS holds the current one.', true, null);
}

/**
 * Demo mode with OBS not connected: the test stream (ffmpeg) is the encoder the checklist checks,
 * unless the broadcaster turned OBS on (then OBS not answering is the problem to tell) and no test
 * stream runs.
 */
function testStreamIsEncoder(inputs: CheckInputs): boolean {
  const testStream = inputs.testStream?.getState();
  if (testStream?.available !== true) return false;
  const obs = inputs.obs.getState().status;
  if (obs === 'connected') return false;
  return obs === 'off' || testStream.status === 'starting' || testStream.status === 'publishing';
}

function obsConnectedItem(inputs: CheckInputs): GoLiveItem {
  const obs = inputs.obs.getState();
  if (obs.status === 'connected') return item('obsConnected', 'ok', `Connected to OBS${obs.obsVersion ? ` ${obs.obsVersion}` : ''}.`, true, null);
  if (testStreamIsEncoder(inputs)) {
    const encoder = { ...item('obsConnected', 'ok', '', true, null), label: 'Encoder' };
    const notConnected = obs.status === 'off' ? 'OBS is not connected' : obs.statusText;
    if (inputs.testStream!.getState().ffmpegInstalled === false) {
      return { ...encoder, state: 'problem', reason: `${notConnected}, and ffmpeg is not installed for a test stream: install it, or use OBS.`, fix: { action: 'connectObs', label: 'Connect to OBS' } };
    }
    return { ...encoder, reason: `${notConnected}: in demo mode the test stream (ffmpeg) is the encoder.` };
  }
  if (obs.status === 'connecting') return item('obsConnected', 'unknown', 'Connecting to OBS…', true, null);
  // A wrong password is corrected in the OBS panel; connecting again would fail the same way.
  const fix =
    obs.status === 'wrong-password'
      ? { action: 'openObsPanel' as const, label: 'Open the OBS panel' }
      : obs.status === 'too-old'
        ? null
        : { action: 'connectObs' as const, label: 'Connect to OBS' };
  return item('obsConnected', 'problem', obs.statusText, true, fix);
}

function obsServerItem(inputs: CheckInputs, reads: Reads): GoLiveItem {
  const { overview, target } = reads;
  const send = { action: 'sendToObs' as const, label: 'Send the recommended server to OBS' };
  if (target === null && testStreamIsEncoder(inputs)) return testStreamServerItem(overview);
  if (target === null) return item('obsServer', 'unknown', 'Connect OBS to check its server.', true, null);
  if ('error' in target) return item('obsServer', 'unknown', `OBS's stream settings could not be read: ${target.error}`, true, null);
  if ('error' in overview) return item('obsServer', 'unknown', `The ingest directory could not be read: ${overview.error}`, true, null);
  if (!target.obsServer) return item('obsServer', 'problem', 'OBS has no server set.', true, send);
  if (target.obsService !== null && target.obsService !== 'rtmp_custom' && target.differences.some((d) => d.includes('instead of a custom server'))) {
    // OBS's own service list picks the server itself ("auto"): it cannot be checked against the directory.
    return item('obsServer', 'problem', `OBS uses its ${target.obsService} service (server "${target.obsServer}"), not one of the directory's servers by address.`, true, send);
  }
  const server = overview.servers.find((s) => sameServer(s.serverUrl, target.obsServer ?? ''));
  if (!server) return item('obsServer', 'problem', `OBS streams to ${target.obsServer}, which is not one of the platform's ingest servers.`, true, send);
  const probe = { action: 'probeIngest' as const, label: 'Test the servers' };
  if (server.probe.status === 'untested') return item('obsServer', 'unknown', `OBS streams to ${server.name}; its latency has not been tested.`, true, probe);
  if (server.probe.status === 'unreachable') {
    return item('obsServer', 'problem', `OBS streams to ${server.name}, which did not answer the latency test: ${server.probe.reason}`, true, send);
  }
  return item('obsServer', 'ok', `OBS streams to ${server.name}, reachable in ${Math.round(server.probe.medianMs)} ms.`, true, null);
}

/** The test stream publishes to the server selected in the Ingest panel: that one must be reachable. */
function testStreamServerItem(overview: Reads['overview']): GoLiveItem {
  if ('error' in overview) return item('obsServer', 'unknown', `The ingest directory could not be read: ${overview.error}`, true, null);
  const id = overview.selectedId ?? overview.recommendedId;
  const server = overview.servers.find((s) => s.id === id);
  if (!server) return item('obsServer', 'problem', 'No ingest server is selected: choose one in the Ingest panel.', true, null);
  const probe = { action: 'probeIngest' as const, label: 'Test the servers' };
  if (server.probe.status === 'untested') return item('obsServer', 'unknown', `The test stream publishes to ${server.name}; its latency has not been tested.`, true, probe);
  if (server.probe.status === 'unreachable') return item('obsServer', 'problem', `The test stream publishes to ${server.name}, which did not answer the latency test: ${server.probe.reason}`, true, probe);
  return item('obsServer', 'ok', `The test stream publishes to ${server.name}, reachable in ${Math.round(server.probe.medianMs)} ms.`, true, null);
}

function obsOutputItem(inputs: CheckInputs, reads: Reads): GoLiveItem {
  const { output } = reads;
  if (output === null && testStreamIsEncoder(inputs)) {
    return { ...item('obsOutput', 'not-applicable', `The test stream publishes ${inputs.testStream!.getState().profile}: within the platform’s recommendations.`, false, null), label: 'Output settings' };
  }
  if (output === null) return item('obsOutput', 'unknown', "Connect OBS to check its output settings.", false, null);
  if ('error' in output) return item('obsOutput', 'unknown', `OBS's output settings could not be read: ${output.error}`, false, null);
  const advice = evaluateOutputSettings(output);
  return item('obsOutput', advice.state, advice.reason, false, null);
}

function vodItem(inputs: CheckInputs): GoLiveItem {
  const last = inputs.markers.getOverview().lastResult;
  if (last && !last.ok && /VOD storage is off/i.test(last.message)) {
    return item('vodStorage', 'problem', 'VOD storage is off: markers need past broadcasts to be stored. Turn on "Store past broadcasts" in the channel’s settings.', false, null);
  }
  if (last?.ok) return item('vodStorage', 'ok', 'The last marker was created, so past broadcasts are stored.', false, null);
  // The platform has no read of this setting; it says so only when a marker is made on a live stream.
  return item('vodStorage', 'unknown', 'The platform tells whether past broadcasts are stored only when a marker is made while live; check "Store past broadcasts" in the channel’s settings.', false, null);
}

function eventSubItem(inputs: CheckInputs): GoLiveItem {
  const status = inputs.events.getStatus();
  if (status.state !== 'connected') {
    const why = status.error ?? (status.state === 'idle' ? 'not connected' : `${status.state}…`);
    return item('eventSub', status.state === 'connecting' || status.state === 'reconnecting' ? 'unknown' : 'problem', `Live events are not connected: ${why}`, true, null);
  }
  // Every subscription a feature asked for, plus the ones going live depends on even before any is asked for.
  const missing = inputs.requiredEventTypes.filter((type) => !status.subscriptions.some((s) => s.type === type));
  const waiting = status.subscriptions.filter((s) => s.status === 'pending').map((s) => s.type);
  const failing = status.subscriptions
    .filter((s) => s.status === 'failed' || s.status === 'revoked')
    .map((s) => `${s.type} (${s.status}${s.error ? `: ${s.error}` : ''})`);
  if (failing.length > 0) return item('eventSub', 'problem', `Subscriptions not working: ${failing.join(', ')}.`, true, null);
  if (missing.length + waiting.length > 0) return item('eventSub', 'unknown', `Waiting for subscriptions: ${[...missing, ...waiting].join(', ')}.`, true, null);
  return item('eventSub', 'ok', 'Live events are connected with every subscription the features need.', true, null);
}

function hotkeyItem(inputs: CheckInputs): GoLiveItem {
  if (inputs.dockMode) {
    return item('markerHotkey', 'not-applicable', 'The OBS dock cannot register global shortcuts: drop markers with the button or from the desktop app.', false, null);
  }
  const hotkey = inputs.hotkey.getState();
  const shortcut = hotkey.accelerator ? formatAccelerator(hotkey.accelerator, process.platform === 'darwin' ? 'mac' : 'other') : 'The marker hotkey';
  if (hotkey.registered) return item('markerHotkey', 'ok', `${shortcut} drops a marker.`, false, null);
  return item('markerHotkey', 'problem', `${shortcut} is not registered${hotkey.error ? `: ${hotkey.error}` : ''}; choose another in Settings.`, false, null);
}

function chatPresetItem(inputs: CheckInputs): GoLiveItem {
  const presetId = inputs.startPreset.get();
  if (presetId === null) return item('chatPreset', 'not-applicable', 'No chat preset is chosen for the start of a stream.', false, null);
  const chat = inputs.chatSettings.getState();
  const preset = chat.presets.find((p) => p.id === presetId);
  if (!preset) return item('chatPreset', 'problem', 'The chosen chat preset no longer exists: choose another.', false, null);
  const apply = { action: 'applyChatPreset' as const, label: `Apply “${preset.label}”` };
  if (chat.pendingRevert?.presetId === presetId) return item('chatPreset', 'ok', `“${preset.label}” is applied.`, false, null);
  if (chat.error) return item('chatPreset', 'unknown', `Chat settings could not be read: ${chat.error}`, false, apply);
  return item('chatPreset', 'problem', `“${preset.label}” (${preset.description}) is not applied yet.`, false, apply);
}

function item(id: GoLiveItem['id'], state: GoLiveItem['state'], reason: string, required: boolean, fix: GoLiveItem['fix']): GoLiveItem {
  return { id, label: labels[id], state, reason, required, fix };
}
