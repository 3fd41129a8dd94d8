/**
 * The platform's rules for a custom reward (spec 4.6), checked in the form before anything is sent
 * and again in main. Each problem names its field so the form can show it beside the input.
 */
export const rewardLimits = {
  titleMax: 45,
  promptMax: 200,
  costMin: 1,
  rewardsPerChannel: 50,
  /** The platform's API allows 1, but its own pages only show cooldowns of a minute or more. */
  cooldownShownFromSeconds: 60,
  settingMax: 2_147_483_647,
} as const;

export interface RewardFields {
  title: string;
  cost: number;
  prompt: string;
  backgroundColor: string;
  maxPerStream: { isEnabled: boolean; value: number };
  maxPerUserPerStream: { isEnabled: boolean; value: number };
  globalCooldown: { isEnabled: boolean; seconds: number };
}

export type RewardProblems = Partial<Record<'title' | 'cost' | 'prompt' | 'backgroundColor' | 'maxPerStream' | 'maxPerUserPerStream' | 'globalCooldown' | 'count', string>>;

/** Characters as a person counts them (an emoji is one), as the platform counts the title. */
function length(text: string): number {
  return [...text].length;
}

/**
 * `otherTitles`: the titles of the channel's other rewards (uniqueness ignores case);
 * `rewardCount`: how many the channel has now, for a new reward's limit (null when editing).
 */
export function checkReward(fields: RewardFields, otherTitles: string[], rewardCount: number | null): RewardProblems {
  const problems: RewardProblems = {};
  const title = fields.title.trim();
  if (title.length === 0) problems.title = 'A title is required.';
  else if (length(title) > rewardLimits.titleMax) problems.title = `At most ${rewardLimits.titleMax} characters (now ${length(title)}).`;
  else if (otherTitles.some((t) => t.trim().toLowerCase() === title.toLowerCase())) problems.title = 'Another reward of this channel has this title.';
  if (!Number.isInteger(fields.cost) || fields.cost < rewardLimits.costMin) problems.cost = 'The cost must be a whole number of at least 1.';
  else if (!Number.isSafeInteger(fields.cost)) problems.cost = 'The cost is too large.';
  if (length(fields.prompt) > rewardLimits.promptMax) problems.prompt = `At most ${rewardLimits.promptMax} characters (now ${length(fields.prompt)}).`;
  if (!/^#[0-9a-fA-F]{6}$/.test(fields.backgroundColor)) problems.backgroundColor = 'A colour like #9147FF.';
  const setting = (enabled: boolean, value: number, what: string) =>
    enabled && (!Number.isInteger(value) || value < 1 || value > rewardLimits.settingMax) ? `${what} must be a whole number of at least 1.` : undefined;
  const perStream = setting(fields.maxPerStream.isEnabled, fields.maxPerStream.value, 'The limit per stream');
  if (perStream) problems.maxPerStream = perStream;
  const perUser = setting(fields.maxPerUserPerStream.isEnabled, fields.maxPerUserPerStream.value, 'The limit per viewer');
  if (perUser) problems.maxPerUserPerStream = perUser;
  const cooldown = setting(fields.globalCooldown.isEnabled, fields.globalCooldown.seconds, 'The cooldown');
  if (cooldown) problems.globalCooldown = cooldown;
  if (rewardCount !== null && rewardCount >= rewardLimits.rewardsPerChannel) problems.count = `A channel can have at most ${rewardLimits.rewardsPerChannel} rewards; delete one first.`;
  return problems;
}

/** The title of an adopted copy: the original's, marked, within the limit (titles must be unique). */
export function adoptedTitle(title: string, otherTitles: string[]): string {
  const taken = new Set(otherTitles.map((t) => t.trim().toLowerCase()));
  for (let n = 1; n < 100; n++) {
    const suffix = n === 1 ? ' (Sidestage)' : ` (Sidestage ${n})`;
    const base = [...title.trim()].slice(0, rewardLimits.titleMax - suffix.length).join('');
    const candidate = `${base}${suffix}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
  return [...title].slice(0, rewardLimits.titleMax).join('');
}
