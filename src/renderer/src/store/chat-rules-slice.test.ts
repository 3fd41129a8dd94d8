import { describe, expect, it } from 'vitest';
import type { ChatRulesState, IpcResult } from '../../../shared/ipc/contract';
import { deferred, fail, flush, ok, signedIn, mirroredStore } from '../test-support/store-fakes';

const rules = (terms: string[], level = 2): ChatRulesState => ({
  autoMod: { overallLevel: level, categories: { disability: 1, aggression: 1, sexualitySexOrGender: 1, misogyny: 1, bullying: 1, swearing: 1, raceEthnicityOrReligion: 1, sexBasedTerms: 1 } },
  blockedTerms: terms.map((text, i) => ({ id: `t${i}`, text, createdAt: '2030-01-01T10:00:00Z', expiresAt: null })),
  error: null,
});

describe('chat rules slice', () => {
  it('reads at sign-in; a term added says so and shows the answer', async () => {
    const { store, bridge } = mirroredStore();
    bridge.chatRules.get.mockResolvedValue(ok(rules([])));
    store.getState().applyAuth(signedIn);
    await flush();
    expect(store.getState().chatRules!.autoMod!.overallLevel).toBe(2);
    bridge.chatRules.addBlockedTerm.mockResolvedValueOnce(ok(rules(['spoilers'])));
    await expect(store.getState().addBlockedTerm('spoilers')).resolves.toBe(true);
    expect(store.getState().chatRules!.blockedTerms!.map((t) => t.text)).toEqual(['spoilers']);
    bridge.chatRules.addBlockedTerm.mockResolvedValueOnce(fail({ code: 'invalid_argument', message: 'Term not blocked: “spoilers” is already blocked.' }));
    await expect(store.getState().addBlockedTerm('spoilers')).resolves.toBe(false);
    expect(store.getState().actions['chatRules.addTerm']!.error).toBe('Term not blocked: “spoilers” is already blocked.');
  });

  it('a level answer older than a chatRules:changed event is not shown', async () => {
    const { store, bridge, emit } = mirroredStore();
    store.getState().applyAuth(signedIn);
    await flush();
    const answer = deferred<IpcResult<ChatRulesState>>();
    bridge.chatRules.setAutoModLevel.mockImplementationOnce(() => answer.promise);
    const setting = store.getState().setAutoModLevel(4);
    emit('chatRules:changed', rules(['late'], 3));
    answer.resolve(ok(rules([], 4)));
    await setting;
    expect(store.getState().chatRules!.autoMod!.overallLevel).toBe(3);
    expect(bridge.chatRules.setAutoModLevel).toHaveBeenCalledWith({ level: 4 });
  });
});
