/**
 * One overlay page for every overlay (the path says which): it connects to the overlay server that
 * served it, shows what main sends, and reconnects by itself with a backoff when Sidestage restarts
 * or starts after the page. It sends nothing and can call nothing; what it shows comes from main,
 * so a reload or a second copy shows the same, and an alert already shown never shows again.
 */
import './overlay.css';
import './widgets.css';
// The bundled open fonts (`bundledFonts`): declared here, built into the page's own assets, fetched only when used.
import '@fontsource-variable/inter/wght.css';
import '@fontsource/bangers/index.css';
import '@fontsource/press-start-2p/index.css';
import { CHAT_IMAGE_PREFIX, OVERLAY_STYLE_PREFIX, overlayFrameSchema, type AlertOnScreen, type GoalView, type OverlayFrame } from '../../../shared/ipc/schemas/overlays';
import { Backoff } from '../../../shared/primitives/backoff';
import { showWidget } from './widget-page';
import { alertLook, chatChanges, fitScale, joinsMidway, mediaUrl, overlayAddress, playsSound, socketUrl } from './overlay-view';

const stage = document.getElementById('stage') as HTMLDivElement;
const address = overlayAddress(location);

function fit(): void {
  stage.style.transform = `scale(${fitScale(window.innerWidth, window.innerHeight)})`;
}
window.addEventListener('resize', fit);
fit();

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

const reducedMotion = () => document.documentElement.dataset.reducedMotion === 'true' || window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Removes `el` after its exit animation (at once with reduced motion). */
function leave(el: HTMLElement): void {
  const gone = () => {
    el.remove();
    releaseVideos(el);
  };
  // An alert has its own exit (a fade with reduced motion, in the CSS); the other parts have none with reduced motion.
  if (el.dataset.exit === 'none' || (el.dataset.exit === undefined && reducedMotion())) return gone();
  el.classList.add('leaving');
  el.addEventListener('animationend', gone, { once: true });
  // Should the animation not run (a hidden source), it still goes.
  setTimeout(gone, 1_000);
}

/**
 * An alert's video, in the image's place: it plays with its own sound at the alert's volume (OBS
 * captures it); a page that joins mid-way shows it muted from where it is now, as it does without the sound.
 */
function alertVideo(alert: AlertOnScreen, token: string): HTMLVideoElement {
  const video = element('video', 'alert-image alert-video');
  video.src = mediaUrl(alert.videoPath!, token);
  video.playsInline = true;
  video.volume = alert.volume;
  video.muted = joinsMidway(alert);
  if (joinsMidway(alert)) video.currentTime = alert.elapsedMs / 1000;
  // A browser that refuses to play with sound without a click (not OBS) still shows it, muted.
  video.play().catch(() => {
    video.muted = true;
    video.play().catch(() => undefined);
  });
  return video;
}

/** Lets a gone alert's video file go, so that hundreds of alerts keep the page's memory flat. */
function releaseVideos(el: HTMLElement): void {
  for (const video of el.querySelectorAll('video')) {
    video.pause();
    video.removeAttribute('src');
    video.load();
  }
}

function play(path: string, volume: number): void {
  if (!address) return;
  const audio = new Audio(mediaUrl(path, address.token));
  audio.volume = volume;
  // A browser that refuses to play without a click (not OBS) simply stays silent.
  audio.play().catch(() => undefined);
}

// ---------- the viewer's words, spoken ----------

/**
 * The words being spoken: an <audio> in the page (not shown), so that OBS captures it with the
 * alert. Its file is let go when it ends or stops, so that hundreds of alerts keep the page's memory flat.
 */
let speaking: HTMLAudioElement | null = null;

function stopSpeaking(): void {
  if (!speaking) return;
  const audio = speaking;
  speaking = null;
  audio.pause();
  audio.removeAttribute('src');
  audio.load();
  audio.remove();
}

function speak(frame: Extract<OverlayFrame, { type: 'speech' }>): void {
  // Only the alert on screen speaks (a page that joined it mid-way was not sent its words).
  if (!address || alertShown?.id !== frame.alertId) return;
  stopSpeaking();
  const audio = document.createElement('audio');
  audio.className = 'alert-speech';
  audio.hidden = true;
  audio.dataset.alertId = frame.alertId;
  audio.volume = frame.volume;
  audio.src = mediaUrl(frame.speechPath, address.token);
  audio.addEventListener('ended', () => {
    if (speaking === audio) stopSpeaking();
  });
  document.body.append(audio);
  speaking = audio;
  audio.play().catch(() => undefined);
}

// ---------- alerts ----------

let alertShown: { id: string; el: HTMLElement; timer: ReturnType<typeof setTimeout> } | null = null;

function showAlert(alert: AlertOnScreen | null): void {
  if (alert && alertShown?.id === alert.id) return;
  if (alertShown) {
    clearTimeout(alertShown.timer);
    leave(alertShown.el);
    alertShown = null;
  }
  if (!alert || !address) return;
  // The last alert's words do not go on over the next one.
  stopSpeaking();
  const el = element('div', `alert alert-${alert.kind}`);
  // A queued sound ("Play a sound") holds the alerts' turn with nothing on screen.
  if (alert.kind === 'sound') el.hidden = true;
  el.dataset.alertId = alert.id;
  if (alert.imagePath) {
    const img = element('img', 'alert-image');
    img.alt = '';
    img.src = mediaUrl(alert.imagePath, address.token);
    el.append(img);
  }
  if (alert.videoPath) el.append(alertVideo(alert, address.token));
  if (alert.kind !== 'sound') el.append(element('p', 'alert-text', alert.text));
  // Joined mid-way: no entrance, the rest of its time.
  if (joinsMidway(alert)) el.classList.add('joined');
  const look = alertLook(alert.style);
  el.classList.add(...look.classes);
  // CSSOM, not a style attribute: the page's CSP holds, and each value was checked (`alertLook`).
  for (const [name, value] of Object.entries(look.variables)) el.style.setProperty(name, value);
  el.dataset.exit = alert.style.exit;
  stage.append(el);
  if (playsSound(alert)) play(alert.soundPath!, alert.volume);
  // Main says when it ends; should that word be lost, it still goes a little after its time.
  const timer = setTimeout(() => showAlert(null), alert.durationMs - alert.elapsedMs + 1_500);
  alertShown = { id: alert.id, el, timer };
}

// ---------- goal, redemption, chat ----------

let goalEl: HTMLElement | null = null;

function showGoal(goal: GoalView): void {
  if (!goalEl) {
    goalEl = element('section', 'goal');
    goalEl.append(element('p', 'goal-title'), element('div', 'goal-bar'), element('p', 'goal-figures'));
    goalEl.querySelector('.goal-bar')!.append(element('div', 'goal-fill'));
    stage.append(goalEl);
  }
  goalEl.hidden = goal.state === 'none';
  goalEl.dataset.state = goal.state;
  goalEl.querySelector('.goal-title')!.textContent = goal.title;
  (goalEl.querySelector('.goal-fill') as HTMLElement).style.width = `${(goal.fraction * 100).toFixed(2)}%`;
  goalEl.querySelector('.goal-figures')!.textContent = goal.target ? `${goal.current} / ${goal.target}` : goal.current;
}

let redemptionEl: HTMLElement | null = null;

function showRedemption(redemption: Extract<OverlayFrame, { type: 'redemption' }>['redemption']): void {
  if (redemptionEl && redemptionEl.dataset.redemptionId === redemption?.id) return;
  if (redemptionEl) leave(redemptionEl);
  redemptionEl = null;
  if (!redemption) return;
  const el = element('section', 'redemption');
  el.dataset.redemptionId = redemption.id;
  el.append(element('p', 'redemption-reward', redemption.rewardTitle), element('p', 'redemption-user', redemption.userName));
  if (redemption.input) el.append(element('p', 'redemption-input', redemption.input));
  stage.append(el);
  redemptionEl = el;
}

let chatEl: HTMLElement | null = null;

function showChat(lines: Extract<OverlayFrame, { type: 'chat' }>['lines']): void {
  if (!chatEl) {
    chatEl = element('ol', 'chat');
    stage.append(chatEl);
  }
  const shown = [...chatEl.children] as HTMLElement[];
  const { remove, add } = chatChanges(
    shown.map((li) => li.dataset.lineId!),
    lines,
  );
  for (const li of shown) if (remove.includes(li.dataset.lineId!)) li.remove();
  for (const line of add) {
    const li = element('li', 'chat-line');
    li.dataset.lineId = line.id;
    // A line from another channel of a shared chat session says which (text, never markup).
    if (line.sourceChannel) {
      li.dataset.sourceChannel = line.sourceChannel;
      li.append(element('span', 'chat-source', line.sourceChannel));
    }
    for (const badge of line.badges ?? []) li.append(chatImage('chat-badge', badge.image, badge.title));
    const name = element('span', 'chat-name', line.userName);
    if (line.color) name.style.color = line.color;
    const text = element('span', 'chat-text');
    // Emotes as images main serves (by the key it minted); every other piece as text.
    if (line.parts?.length) for (const part of line.parts) text.append(part.image ? chatImage('chat-emote', part.image, part.text) : document.createTextNode(part.text));
    else text.textContent = line.text;
    li.append(name, text);
    // Lines that fade: it fades out when its time is up; main then takes it off the list.
    if (line.leavesInMs !== undefined) {
      li.classList.add('fades');
      li.style.setProperty('--leaves-in', `${line.leavesInMs}ms`);
    }
    chatEl.append(li);
  }
}

/** An emote or badge from main's `/chat-image/` (never a URL from the line): its text when it does not load. */
function chatImage(className: string, key: string, text: string): HTMLElement {
  const img = element('img', className);
  img.alt = text;
  img.title = text;
  img.src = mediaUrl(`${CHAT_IMAGE_PREFIX}${key}`, address?.token ?? '');
  img.addEventListener('error', () => img.replaceWith(document.createTextNode(className === 'chat-emote' ? text : '')), { once: true });
  return img;
}

// ---------- the overlay's custom CSS ----------

let styleLink: HTMLLinkElement | null = null;

/** Loads the overlay's custom CSS from its own server (version 0: none); checked in main, and the CSP holds behind. */
function applyStyle(version: number): void {
  if (!address) return;
  if (version === 0) {
    styleLink?.remove();
    styleLink = null;
    return;
  }
  styleLink ??= document.head.appendChild(document.createElement('link'));
  styleLink.rel = 'stylesheet';
  styleLink.href = `${OVERLAY_STYLE_PREFIX}${address.key}?token=${encodeURIComponent(address.token)}&v=${version}`;
}

function apply(frame: OverlayFrame): void {
  switch (frame.type) {
    case 'style':
      return applyStyle(frame.version);
    case 'settings':
      document.documentElement.dataset.reducedMotion = String(frame.reducedMotion);
      return;
    case 'alert':
      return showAlert(frame.showing);
    case 'goal':
      return showGoal(frame.goal);
    case 'redemption':
      return showRedemption(frame.redemption);
    case 'chat':
      return showChat(frame.lines);
    case 'speech':
      return speak(frame);
    case 'speechStop':
      return stopSpeaking();
    case 'widget':
      return showWidget(stage, element, frame.view);
  }
}

// ---------- the connection ----------

/** 0.5, 1, 2, 4, 8 s, then every 10 s: one page and its own loopback server. */
const backoff = new Backoff({ initialMs: 500, maxMs: 10_000, jitter: 'none' });

function connect(): void {
  if (!address) return;
  const socket = new WebSocket(socketUrl(location, address));
  socket.onopen = () => {
    backoff.reset();
    document.documentElement.dataset.connected = 'true';
  };
  socket.onmessage = (message) => {
    let data: unknown;
    try {
      data = JSON.parse(String(message.data));
    } catch {
      return;
    }
    const frame = overlayFrameSchema.safeParse(data);
    if (frame.success) apply(frame.data);
  };
  socket.onclose = () => {
    document.documentElement.dataset.connected = 'false';
    // An alert cannot be known to go on without main: it goes; bars and lines stay as they were.
    showAlert(null);
    stopSpeaking();
    setTimeout(connect, backoff.next());
  };
}

connect();
