/**
 * The phone deck's page, as the files the phone deck's server serves under `/phone`: an installable
 * web app (manifest and icon) of big buttons, one per quick action the phone may press, each showing
 * its live state (Shield Mode red while on, the chat modes lit while on, the alerts' pause red while
 * the alerts are paused), for the tiles the broadcaster chose in Arrange, in their order. It pairs from the link's
 * fragment (`#pair=<one-time code>`, never sent to a server log as part of a URL: a fragment stays in
 * the browser), keeps its token in its own storage and presses through the same `/api/v1` as every
 * client, with the token in the Authorization header. It follows the live state on the event socket:
 * a page cannot set a header on a WebSocket, so it asks for a one-time socket ticket
 * (`POST /api/v1/events/ticket`, token in the header) and opens `/api/v1/events?ticket=…`; when the
 * socket drops it asks for a new ticket and opens again, waiting longer each time (up to 10 s).
 *
 * Everything the page shows is set as text (`textContent`), never as markup.
 */

/** The page's scripts and styles come only from itself; it talks only to itself. */
export const phonePagePolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#18181b">
<title>Sidestage deck</title>
<link rel="manifest" href="/phone/manifest.webmanifest">
<link rel="icon" href="/phone/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/phone/app.css">
<script src="/phone/app.js" defer></script>
</head>
<body>
<header><h1>Sidestage</h1><p id="status" role="status">Connecting…</p></header>
<main id="deck" aria-label="Quick actions"></main>
<p id="pair-help" hidden>Open Settings in Sidestage, turn on the phone deck and scan its QR code to pair this phone.</p>
</body>
</html>
`;

const css = `
:root { color-scheme: dark; font-family: system-ui, sans-serif; background: #18181b; color: #f4f4f5; }
body { margin: 0; padding: 12px; padding-bottom: env(safe-area-inset-bottom); }
header { display: flex; align-items: baseline; justify-content: space-between; gap: 8px; }
h1 { font-size: 1.1rem; margin: 0 0 8px; }
#status { margin: 0; font-size: 0.9rem; color: #a1a1aa; }
#status.live { color: #f87171; font-weight: 600; }
main { display: grid; grid-template-columns: repeat(2, 1fr); gap: 10px; }
button { min-height: 84px; border-radius: 14px; border: 2px solid #3f3f46; background: #27272a; color: inherit; font-size: 1.05rem; font-weight: 600; padding: 8px; touch-action: manipulation; }
button:active { transform: scale(0.97); }
button[aria-pressed="true"] { background: #b91c1c; border-color: #f87171; }
button.busy { opacity: 0.6; }
#pair-help { font-size: 1.1rem; line-height: 1.5; }
`;

const js = `'use strict';
(function () {
  var TOKEN_KEY = 'sidestage-deck-token';
  var SCOPES_KEY = 'sidestage-deck-scopes';
  var statusLine = document.getElementById('status');
  var deck = document.getElementById('deck');
  var help = document.getElementById('pair-help');
  var buttons = {};
  var token = localStorage.getItem(TOKEN_KEY);

  function say(text, live) {
    statusLine.textContent = text;
    statusLine.className = live ? 'live' : '';
  }
  function unpaired(text) {
    localStorage.removeItem(TOKEN_KEY);
    token = null;
    deck.replaceChildren();
    buttons = {};
    help.hidden = false;
    say(text, false);
  }
  function call(method, path, body) {
    var init = { method: method, headers: { authorization: 'Bearer ' + token } };
    if (body !== undefined) { init.headers['content-type'] = 'application/json'; init.body = JSON.stringify(body); }
    return fetch('/api/v1' + path, init).then(function (res) {
      if (res.status === 401) { unpaired('This phone is no longer paired: scan the QR code in Sidestage again.'); throw new Error('unpaired'); }
      return res.json().then(function (json) { return { status: res.status, json: json }; });
    });
  }
  function pairFromLink() {
    var match = /^#pair=([A-Za-z0-9_-]{10,100})$/.exec(location.hash);
    if (!match) return Promise.resolve();
    // The code is used once: it leaves the address bar and the history at once.
    history.replaceState(null, '', location.pathname);
    say('Pairing…', false);
    return fetch('/api/v1/phone/claim', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: match[1] }) })
      .then(function (res) { return res.json().then(function (json) { return { status: res.status, json: json }; }); })
      .then(function (answer) {
        if (answer.status === 200 && typeof answer.json.token === 'string') {
          token = answer.json.token;
          localStorage.setItem(TOKEN_KEY, token);
          localStorage.setItem(SCOPES_KEY, JSON.stringify(answer.json.scopes || []));
        } else {
          say((answer.json.error && answer.json.error.message) || 'This pairing link did not work: show a new one in Sidestage.', false);
        }
      });
  }
  var pressedOf = {
    shieldMode: function (s) { return s.shieldMode === true; },
    slowMode: function (s) { return Boolean(s.chatModes && s.chatModes.slowMode); },
    followerMode: function (s) { return Boolean(s.chatModes && s.chatModes.followerMode); },
    subscriberMode: function (s) { return Boolean(s.chatModes && s.chatModes.subscriberMode); },
    emoteMode: function (s) { return Boolean(s.chatModes && s.chatModes.emoteMode); }
  };
  // The deck's switches that are not quick actions: the alert queue's pause (scope actions).
  var alertsPaused = false;
  var switches = {
    alertsPause: {
      id: 'alertsPause', scope: 'actions', label: 'Pause alerts',
      press: function () { return call('POST', '/alerts/pause', { paused: !alertsPaused }); }
    }
  };
  pressedOf.alertsPause = function (s) { return Boolean(s.alerts && s.alerts.paused); };
  function build(actions, scopes) {
    deck.replaceChildren();
    buttons = {};
    actions.forEach(function (action) {
      if (!action || scopes.indexOf(action.scope) < 0) return;
      var button = document.createElement('button');
      button.type = 'button';
      button.textContent = action.label;
      button.dataset.action = action.id;
      if (pressedOf[action.id]) button.setAttribute('aria-pressed', 'false');
      button.addEventListener('click', function () { press(action, button); });
      deck.appendChild(button);
      buttons[action.id] = button;
    });
  }
  function press(action, button) {
    button.classList.add('busy');
    var pressing = action.press ? action.press() : call('POST', '/actions/' + encodeURIComponent(action.id));
    pressing.then(function (answer) {
      button.classList.remove('busy');
      say(answer.json.message || (answer.json.error && answer.json.error.message) || 'Done.', false);
    }, function () { button.classList.remove('busy'); });
  }
  function show(state) {
    alertsPaused = Boolean(state.alerts && state.alerts.paused);
    if (buttons.alertsPause) buttons.alertsPause.textContent = alertsPaused ? 'Resume alerts' : 'Pause alerts';
    say(state.live ? 'LIVE' + (state.viewers !== null ? ' · ' + state.viewers + ' viewers' : '') : state.signedIn ? 'Offline' : 'Not signed in', state.live);
    Object.keys(pressedOf).forEach(function (id) {
      if (buttons[id]) buttons[id].setAttribute('aria-pressed', String(pressedOf[id](state)));
    });
  }
  var retryMs = 500;
  function reconnectLater() {
    if (!token) return;
    setTimeout(follow, retryMs);
    retryMs = Math.min(retryMs * 2, 10000);
  }
  // The live state over the event socket, opened with a one-time ticket (the token stays in headers).
  function follow() {
    if (!token) return;
    call('POST', '/events/ticket').then(function (answer) {
      if (answer.status !== 201 || typeof answer.json.ticket !== 'string') { reconnectLater(); return; }
      var scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
      var socket = new WebSocket(scheme + location.host + '/api/v1/events?ticket=' + encodeURIComponent(answer.json.ticket));
      socket.onopen = function () { retryMs = 500; };
      socket.onmessage = function (message) {
        var frame;
        try { frame = JSON.parse(message.data); } catch (e) { return; }
        if (frame && frame.topic === 'state' && frame.state) show(frame.state);
      };
      socket.onclose = function (event) {
        if (event.code === 4401) { unpaired('This phone is no longer paired: scan the QR code in Sidestage again.'); return; }
        say('Reconnecting…', false);
        reconnectLater();
      };
    }, function (error) { if (!error || error.message !== 'unpaired') reconnectLater(); });
  }
  function start() {
    if (!token) { unpaired(statusLine.textContent === 'Pairing…' ? statusLine.textContent : 'Not paired.'); return; }
    help.hidden = true;
    Promise.all([call('GET', '/actions'), call('GET', '/phone/buttons')]).then(function (answers) {
      if (answers[0].status !== 200) return;
      var scopes = [];
      try { scopes = JSON.parse(localStorage.getItem(SCOPES_KEY) || '[]'); } catch (e) { scopes = []; }
      // The tiles the broadcaster chose in Arrange, in their order.
      var chosen = answers[1].status === 200 && Array.isArray(answers[1].json.buttons) ? answers[1].json.buttons : null;
      var byId = {};
      answers[0].json.actions.forEach(function (action) { byId[action.id] = action; });
      var actions = chosen
        ? chosen.map(function (button) { return button.action ? byId[button.action] : Object.prototype.hasOwnProperty.call(switches, button.control) ? switches[button.control] : null; })
        : answers[0].json.actions;
      build(actions, Array.isArray(scopes) ? scopes : []);
      follow();
    }, function () {});
  }
  pairFromLink().then(start, function () { say('Sidestage could not be reached.', false); });
})();
`;

const manifest = JSON.stringify({
  name: 'Sidestage deck',
  short_name: 'Deck',
  start_url: '/phone',
  scope: '/phone',
  display: 'standalone',
  background_color: '#18181b',
  theme_color: '#18181b',
  icons: [{ src: '/phone/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
});

const icon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="#18181b"/><rect x="14" y="14" width="30" height="30" rx="6" fill="#a78bfa"/><rect x="52" y="14" width="30" height="30" rx="6" fill="#f87171"/><rect x="14" y="52" width="30" height="30" rx="6" fill="#60a5fa"/><rect x="52" y="52" width="30" height="30" rx="6" fill="#34d399"/></svg>`;

/** The page's files by path, with their types. */
export const phonePageFiles: Readonly<Record<string, { type: string; body: string }>> = {
  '/phone': { type: 'text/html; charset=utf-8', body: html },
  '/phone/app.js': { type: 'text/javascript; charset=utf-8', body: js },
  '/phone/app.css': { type: 'text/css; charset=utf-8', body: css },
  '/phone/manifest.webmanifest': { type: 'application/manifest+json', body: manifest },
  '/phone/icon.svg': { type: 'image/svg+xml', body: icon },
};
