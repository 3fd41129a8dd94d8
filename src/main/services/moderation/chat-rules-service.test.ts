import { describe, expect, it } from 'vitest';
import { Emitter } from '../../../shared/primitives/emitter';
import { signedInAuthState } from '../../test-support/auth-states';
import { fakeBroadcaster } from '../../test-support/fake-auth-source';
import { ScriptedApi } from '../../test-support/moderation-fakes';
import type { ApiRequest } from '../api/api-client';
import { ApiError } from '../api/api-error';
import type { EventsGap } from '../events/events-service';
import { silentLogger } from '../logger';
import { ChatRulesService } from './chat-rules-service';

const settings = (overall: number | null, swearing = 2) => ({
  broadcaster_id: '42',
  moderator_id: '42',
  overall_level: overall,
  disability: 1,
  aggression: 1,
  sexuality_sex_or_gender: 1,
  misogyny: 1,
  bullying: 1,
  swearing,
  race_ethnicity_or_religion: 1,
  sex_based_terms: 1,
});
const term = (id: string, text: string, createdAt: string) => ({ broadcaster_id: '42', moderator_id: '42', id, text, created_at: createdAt, updated_at: createdAt, expires_at: null });

function setup() {
  const api = new ScriptedApi()
    .answer('GET /helix/moderation/automod/settings', { data: [settings(2)] })
    .answer('PUT /helix/moderation/automod/settings', (req: ApiRequest) => ({ data: [settings((req.body as { overall_level: number }).overall_level, 4)] }))
    .answer('GET /helix/moderation/blocked_terms', { data: [term('t1', 'old', '2030-01-01T09:00:00Z'), term('t2', 'newer', '2030-01-01T09:10:00Z')] })
    .answer('POST /helix/moderation/blocked_terms', (req: ApiRequest) => ({ data: [term('t3', (req.body as { text: string }).text, '2030-01-01T10:00:00Z')] }))
    .answer('DELETE /helix/moderation/blocked_terms', undefined);
  const { auth, broadcaster } = fakeBroadcaster();
  const gaps = new Emitter<EventsGap>();
  const rules = new ChatRulesService({ api, broadcaster, gaps: { onGap: (l) => gaps.on(l) }, logger: silentLogger });
  rules.start();
  return { api, auth, gaps, rules };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('ChatRulesService', () => {
  it('reads nothing at sign-in, after a gap or for another account until something needs the rules', async () => {
    const { api, auth, gaps, rules } = setup();
    await settle();
    gaps.fire({} as EventsGap);
    auth.set({ ...signedInAuthState, account: { ...signedInAuthState.account!, id: '77', login: 'other' } });
    await settle();
    expect(api.sent).toEqual([]);
    expect(rules.getState()).toEqual({ autoMod: null, blockedTerms: null, error: null });
  });

  it('an automation that needs the blocked terms reads them once, shared by whoever asks meanwhile; a gap reads them again', async () => {
    const { api, gaps, rules } = setup();
    const [first, second] = await Promise.all([rules.blockedTermsNow(), rules.blockedTermsNow()]);
    expect(first.map((t) => t.text)).toEqual(['newer', 'old']);
    expect(second).toBe(first);
    expect(api.to('GET /helix/moderation/blocked_terms')).toHaveLength(1);
    await rules.blockedTermsNow();
    expect(api.to('GET /helix/moderation/blocked_terms')).toHaveLength(1);
    gaps.fire({} as EventsGap);
    await settle();
    expect(api.to('GET /helix/moderation/blocked_terms')).toHaveLength(2);
  });

  it("reads AutoMod's settings and the blocked terms (newest first) when Chat settings asks", async () => {
    const { api, rules } = setup();
    await rules.refresh();
    expect(rules.getState()).toMatchObject({ autoMod: { overallLevel: 2, categories: { swearing: 2, sexBasedTerms: 1 } }, error: null });
    expect(rules.getState().blockedTerms!.map((t) => t.text)).toEqual(['newer', 'old']);
    expect(api.to('GET /helix/moderation/automod/settings')[0]!.query).toEqual({ broadcaster_id: '42', moderator_id: '42' });
  });

  it("sets AutoMod's overall level and keeps what the platform answered", async () => {
    const { api, rules } = setup();
    await rules.refresh();
    await expect(rules.setAutoModLevel(4)).resolves.toMatchObject({ autoMod: { overallLevel: 4, categories: { swearing: 4 } } });
    expect(api.to('PUT /helix/moderation/automod/settings')[0]!.body).toEqual({ overall_level: 4 });
  });

  it('adds and removes blocked terms; a term already blocked is refused in words', async () => {
    const { api, rules } = setup();
    await rules.refresh();
    await rules.addBlockedTerm('  spoilers ');
    expect(api.to('POST /helix/moderation/blocked_terms')[0]).toMatchObject({ query: { broadcaster_id: '42', moderator_id: '42' }, body: { text: 'spoilers' } });
    expect(rules.getState().blockedTerms!.map((t) => t.text)).toEqual(['spoilers', 'newer', 'old']);
    await expect(rules.addBlockedTerm('SPOILERS')).rejects.toThrow('Term not blocked: “SPOILERS” is already blocked.');
    await rules.removeBlockedTerm('t2');
    expect(api.to('DELETE /helix/moderation/blocked_terms')[0]!.query).toEqual({ broadcaster_id: '42', moderator_id: '42', id: 't2' });
    expect(rules.getState().blockedTerms!.map((t) => t.id)).toEqual(['t3', 't1']);
  });

  it('a failed read keeps the reason in words; a refused change says it', async () => {
    const { api, rules } = setup();
    await rules.refresh();
    api.answer('GET /helix/moderation/automod/settings', () => {
      throw new ApiError(403, 'Forbidden', null);
    });
    await rules.refresh();
    expect(rules.getState().error).toBe('Chat rules not read: you are not allowed to do this in this chat.');
    api.answer('POST /helix/moderation/blocked_terms', () => {
      throw new ApiError(400, 'Bad Request', 'The text is too long.');
    });
    await expect(rules.addBlockedTerm('x'.repeat(10))).rejects.toThrow('Term not blocked: The text is too long.');
  });
});
