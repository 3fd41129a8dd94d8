/**
 * What the simulated viewers say and give: the canned text (chat lines, song links, games,
 * questions, cheers), the names of the viewers the simulation adds and of made-up newcomers, and
 * the amounts (donations, bits, subscription tiers, gifts, predictions, raids), each drawn with the
 * run's random.
 */

/** Donations are $1-$25, in the demo campaign's currency (USD, 2 decimal places). */
export const donationBounds = { minCents: 100, maxCents: 2_500 } as const;

/** Viewers the simulation adds to the demo channel's few seeded ones, so the crowd is plausible. */
export const simulatedViewers: readonly { login: string; displayName: string }[] = [
  { login: 'night_owl_nia', displayName: 'NightOwlNia' },
  { login: 'bytewizard', displayName: 'ByteWizard' },
  { login: 'mossy_mike', displayName: 'mossy_mike' },
  { login: 'teacup_tam', displayName: 'TeacupTam' },
  { login: 'retro_rin', displayName: 'RetroRin' },
  { login: 'glitchgoblin', displayName: 'GlitchGoblin' },
  { login: 'quiet_quill', displayName: 'quiet_quill' },
  { login: 'lofi_leo', displayName: 'LofiLeo' },
];

/** $1-$25: mostly round amounts, like people give, sometimes an odd one. */
export function donationCents(random: () => number): number {
  const round = [1, 2, 3, 5, 5, 5, 10, 10, 15, 20, 25];
  if (random() < 0.7) return round[Math.floor(random() * round.length)]! * 100;
  return donationBounds.minCents + Math.floor(random() * (donationBounds.maxCents - donationBounds.minCents + 1));
}

// The demo's "Song request" asks for a YouTube or Spotify link.
const songs = [
  'https://www.youtube.com/watch?v=FGBhQbmPwH8',
  'https://youtu.be/ZzdFQ5CZ-kw',
  'https://open.spotify.com/track/4cOdK2wGLETKBW3PvgPWqT',
  'https://www.youtube.com/watch?v=sN0Yd4CBDaA',
  'https://open.spotify.com/track/2Foc5Q5nqNiosCNqttzHof',
  'https://youtu.be/O_lS1eZQl7U',
  'https://www.youtube.com/watch?v=Xa3V6cjc1xA',
];
const games = ['Hollow Knight', 'Celeste', 'Outer Wilds', 'Hades II', 'Balatro', 'Stardew Valley', 'Factorio', 'Tunic', 'Slay the Spire'];
const questions = [
  'What got you into streaming?',
  'Tabs or spaces?',
  'What is your keyboard?',
  'Which feature are you building next?',
  'Favourite game of all time?',
  'How do you stay focused on long streams?',
  'Any tips for a first-time streamer?',
  'Coffee or tea today?',
];
const remarks = ['Let\'s go!', 'For the streamer <3', 'GG', 'Hello from Lisbon!', 'Do it for the chat', 'First time here, love the vibe'];

// Lines of a friendly small chat; some with the platform's global emotes, which every viewer may use.
const chatLines = [
  'hi chat HeyGuys',
  'HeyGuys',
  'that was clean SeemsGood',
  'LUL',
  'LUL LUL',
  'NotLikeThis so close',
  'Kappa',
  'gg',
  'what game is next?',
  'the music today is great',
  'first time catching the stream live VoHiYo',
  'how long have you been playing this?',
  'lets gooo',
  'BibleThump',
  'chat is cozy today CoolCat',
  'o7',
  'clip that!',
  'Kreygasm that sound design',
];
// The demo channel's follower emote: a follower may use it there.
const followerLines = ['sidestHi', 'sidestHi chat', 'back again sidestHi'];

/** A chat line; a follower sometimes greets with the channel's follower emote. */
export function chatLineFor(random: () => number, follower: boolean): string {
  if (follower && random() < 0.2) return pickFrom(random, followerLines);
  return pickFrom(random, chatLines);
}

export const subscriptionTiers = ['1000', '1000', '1000', '1000', '2000', '3000'] as const;
export const giftCounts = [1, 1, 1, 5, 5, 10] as const;
export const cheerBits = [1, 50, 100, 100, 100, 200, 250, 500, 1000] as const;
export const cheerRemarks = ['great stream!', 'for the hype', 'keep it up', 'GG', 'hydrate!', 'love this run'];
export const predictionPoints = [50, 100, 100, 250, 500, 1000, 2500] as const;
/** A small streamer's raid: a handful to a few dozen viewers. */
export const raidViewers = { min: 3, max: 40 } as const;

const newcomerFirst = ['sunny', 'pixel', 'cosmic', 'sleepy', 'lucky', 'mellow', 'tiny', 'brave', 'fuzzy', 'quiet'];
const newcomerSecond = ['otter', 'fox', 'panda', 'heron', 'moth', 'badger', 'lynx', 'finch', 'newt', 'koala'];

/** The n-th made-up newcomer's login: `sunny_otter`, `pixel_otter`, ..., then `sunny_otter2`, ... */
export function newcomerLogin(n: number): string {
  const per = newcomerFirst.length * newcomerSecond.length;
  const round = Math.floor(n / per);
  const i = n % per;
  return `${newcomerFirst[i % newcomerFirst.length]}_${newcomerSecond[Math.floor(i / newcomerFirst.length)]}${round === 0 ? '' : round + 1}`;
}

export function pickFrom<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

/** What a viewer would type for this reward, guessed from its title and prompt. */
export function userInputFor(reward: { title: string; prompt?: string }, random: () => number): string {
  const text = `${reward.title} ${reward.prompt ?? ''}`.toLowerCase();
  const from = (list: readonly string[]) => list[Math.floor(random() * list.length)]!;
  if (/song|music|track|tune/.test(text)) return from(songs);
  if (/game/.test(text)) return from(games);
  if (/ask|question|ama\b/.test(text)) return from(questions);
  return from(remarks);
}

/**
 * What the demo's hate raiders say: placeholders that read as a hostile flood without being real
 * abuse (the demo is shown to people).
 */
export const hateRaidLines: readonly string[] = [
  'RAID RAID RAID',
  'this stream is so boring',
  'everyone leave this channel',
  'unfollow unfollow unfollow',
  'nobody is watching this',
  'spam spam spam spam spam',
  'go back to bed',
  'worst stream on the site',
];
