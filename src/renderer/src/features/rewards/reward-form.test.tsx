import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CustomReward } from '../../../../shared/ipc/contract';
import { draftOf, draftProblems, emptyDraft, type RewardDraft } from './reward-form-model';
import { RewardFormView } from './reward-form';

const noop = () => {};

function render(draft: RewardDraft, tried: boolean): string {
  return renderToStaticMarkup(
    <RewardFormView name="New reward" draft={draft} onField={noop} problems={draftProblems(draft, [], 1)} tried={tried} saving={false} submitLabel="Create reward" onSubmit={noop} onCancel={noop} />,
  );
}

/** The ids that aria-describedby names and no element in the markup has. */
function danglingDescriptions(html: string): string[] {
  const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
  return [...html.matchAll(/aria-describedby="([^"]+)"/g)].flatMap((m) => m[1]!.split(' ')).filter((id) => !ids.has(id));
}

describe('the reward form', () => {
  it('describes a field by its error only while the error is on screen, before and after Save', () => {
    // A cost of 0 is a problem from the start, shown only once Save is pressed.
    const draft = { ...emptyDraft, title: 'Stretch', cost: '0', cooldownEnabled: true, cooldown: '0', maxPerStreamEnabled: true, maxPerStream: '0' };
    const before = render(draft, false);
    expect(danglingDescriptions(before)).toEqual([]);
    expect(before).not.toContain('aria-invalid');
    const after = render(draft, true);
    expect(danglingDescriptions(after)).toEqual([]);
    // Cost, the per-stream limit and the cooldown: each marked, each described by its own message.
    expect(after.match(/aria-invalid="true"/g)).toHaveLength(3);
    expect(after).toContain('The cooldown must be more than 0 minutes.');
    // The title's problem shows as it is typed, described from the first keystroke.
    const untitled = render({ ...emptyDraft, title: 'x'.repeat(46) }, false);
    expect(untitled).toMatch(/aria-invalid="true" aria-describedby="[^"]+-title-error"/);
    expect(danglingDescriptions(untitled)).toEqual([]);
  });

  it('shows a 1-second cooldown as 1 second, with the unit to choose', () => {
    const reward: CustomReward = {
      id: 'r1', title: 'Blink', prompt: '', cost: 10, backgroundColor: '#9147FF', isEnabled: true, isPaused: false, isInStock: true,
      isUserInputRequired: false, maxPerStream: { isEnabled: false, value: 0 }, maxPerUserPerStream: { isEnabled: false, value: 0 },
      globalCooldown: { isEnabled: true, seconds: 1 }, shouldRedemptionsSkipRequestQueue: false, cooldownExpiresAt: null, manageable: true,
    };
    const html = render(draftOf(reward), false);
    const input = /<input[^>]*type="number"[^>]*step="any"[^>]*>/.exec(html)![0];
    expect(input).toContain('value="1"');
    expect(html).toMatch(/<select[^>]*aria-label="Cooldown unit"[^>]*>/);
    expect(html).toContain('<option value="seconds" selected="">seconds</option>');
    expect(html).not.toContain('0.0166');
  });
});
