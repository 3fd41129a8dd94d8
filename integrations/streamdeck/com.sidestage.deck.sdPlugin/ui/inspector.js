// The Sidestage key's property inspector. Stream Deck calls connectElgatoStreamDeckSocket with the
// port of its socket, this inspector's id, the event to register with and the key's action info
// (its documented property inspector entry point); the plugin answers `sendToPlugin` requests with
// `sendToPropertyInspector` messages of kind "status" (the link, pairing) or "options" (the dropdown).
'use strict';

/** What each key's dropdown chooses, and which setting it is kept in. */
const CHOICES = {
  'com.sidestage.deck.quick-action': { label: 'Action', setting: 'action' },
  'com.sidestage.deck.scene': { label: 'Scene', setting: 'scene' },
  'com.sidestage.deck.automation': { label: 'Automation', setting: 'automationId' },
  'com.sidestage.deck.variable': { label: 'Variable', setting: 'name' },
  'com.sidestage.deck.alerts': { label: 'On a press', setting: 'press' },
};
const PRESSES = { 'com.sidestage.deck.variable': [['show', 'Only show it'], ['add', 'Add to it'], ['reset', 'Reset it']] };

const byId = (id) => document.getElementById(id);

window.connectElgatoStreamDeckSocket = (port, uuid, registerEvent, _info, actionInfoText) => {
  const actionInfo = JSON.parse(actionInfoText);
  const choice = CHOICES[actionInfo.action] ?? CHOICES['com.sidestage.deck.quick-action'];
  let settings = actionInfo.payload?.settings ?? {};
  const socket = new WebSocket(`ws://127.0.0.1:${port}`);
  const send = (message) => socket.readyState === WebSocket.OPEN && socket.send(JSON.stringify(message));
  const toPlugin = (payload) => send({ event: 'sendToPlugin', action: actionInfo.action, context: uuid, payload });
  const save = (change) => {
    settings = { ...settings, ...change };
    send({ event: 'setSettings', context: uuid, payload: settings });
  };

  byId('choice-label').textContent = choice.label;
  const presses = PRESSES[actionInfo.action];
  if (presses) {
    byId('press-field').hidden = false;
    for (const [value, label] of presses) byId('press').append(new Option(label, value, false, settings.press === value));
    byId('by-field').hidden = settings.press !== 'add';
    byId('by').value = String(settings.by ?? 1);
  }

  socket.addEventListener('open', () => {
    send({ event: registerEvent, uuid });
    toPlugin({ request: 'status' });
    toPlugin({ request: 'options' });
  });
  socket.addEventListener('message', (message) => {
    let data;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    if (data.event !== 'sendToPropertyInspector' || typeof data.payload !== 'object' || data.payload === null) return;
    if (data.payload.kind === 'status') showStatus(data.payload);
    if (data.payload.kind === 'options') showOptions(data.payload);
  });

  function showStatus(status) {
    if (status.port !== null && document.activeElement !== byId('port')) byId('port').value = String(status.port);
    const waiting = status.pairing === 'waiting' && typeof status.code === 'string';
    byId('code').hidden = !waiting;
    byId('code-digits').textContent = waiting ? status.code : '';
    byId('pair').hidden = status.paired;
    byId('unpair').hidden = !status.paired;
    byId('status').textContent = waiting
      ? 'Waiting for the broadcaster to approve this deck in Sidestage.'
      : status.message ?? (status.paired ? status.problem ?? 'Paired with Sidestage.' : 'Not paired: set the port, then pair.');
    if (status.paired) toPlugin({ request: 'options' });
  }

  function showOptions(answer) {
    const select = byId('choice');
    select.replaceChildren(new Option(answer.problem ?? 'Choose…', ''));
    for (const item of Array.isArray(answer.items) ? answer.items : []) {
      select.append(new Option(String(item.label), String(item.value), false, settings[choice.setting] === item.value));
    }
  }

  byId('port').addEventListener('change', () => toPlugin({ request: 'setPort', port: Number(byId('port').value) }));
  byId('pair').addEventListener('click', () => toPlugin({ request: 'pair' }));
  byId('unpair').addEventListener('click', () => toPlugin({ request: 'unpair' }));
  byId('choice').addEventListener('change', () => save({ [choice.setting]: byId('choice').value }));
  byId('press').addEventListener('change', () => {
    byId('by-field').hidden = byId('press').value !== 'add';
    save({ press: byId('press').value });
  });
  byId('by').addEventListener('change', () => save({ by: Number(byId('by').value) }));
};
