/**
 * A cancel (with refund) by key or button waits in main for its undo window: hidden from the queue
 * at once, shown as pending in the queue's status, sent when the window ends, at once when another
 * cancel replaces it, and at dispose or an account switch; an undo puts it back and nothing is sent.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error';
import { RedemptionOutbox } from './redemption-outbox';
import { cancelUndoMs, type RedemptionsService } from './redemptions-service';
import { FakeAuth, queueHarnessPerTest } from '../../test-support/redemption-fakes';

const h = queueHarnessPerTest();
let service: RedemptionsService;

const patched = () => h.api.patches.map((p) => [p.status, ...p.ids]);

describe('RedemptionsService: a cancel with undo', () => {
  it('hides it at once, shows it pending in the status, and sends it when the window ends', async () => {
    const r1 = h.api.redeem('a');
    const r2 = h.api.redeem('a');
    service = await h.start();
    const sent = service.cancelWithUndo([r1.id]);
    expect(h.queueIds()).toEqual([r2.id]);
    const pending = { ids: [r1.id], sendAt: new Date(h.clock.now() + cancelUndoMs).toISOString() };
    expect(service.getStatus().pendingCancel).toEqual(pending);
    // The renderer learns both from one delta.
    expect(h.deltas.at(-1)).toMatchObject({ removed: [r1.id], status: { pendingCancel: pending } });
    expect([...h.mirror.keys()]).toEqual([r2.id]);
    h.clock.advance(cancelUndoMs - 1);
    await h.settle();
    expect(patched()).toEqual([]);
    h.clock.advance(1);
    expect(await sent).toEqual({ done: 1, queued: 0, failed: [] });
    expect(patched()).toEqual([['CANCELED', r1.id]]);
    expect(service.getStatus().pendingCancel).toBeNull();
    expect(h.api.redemptions.get(r1.id)!.status).toBe('CANCELED');
    expect(h.queueIds()).toEqual([r2.id]);
  });

  it('puts it back on undo and sends nothing, then or when the window would have ended', async () => {
    const r1 = h.api.redeem('a');
    service = await h.start();
    const sent = service.cancelWithUndo([r1.id]);
    expect(service.undoCancel()).toEqual([r1.id]);
    expect(await sent).toEqual({ done: 0, queued: 0, failed: [], undone: 1 });
    expect(h.queueIds()).toEqual([r1.id]);
    expect([...h.mirror.keys()]).toEqual([r1.id]);
    expect(service.getStatus().pendingCancel).toBeNull();
    h.clock.advance(cancelUndoMs * 2);
    await h.settle();
    expect(patched()).toEqual([]);
    expect((await RedemptionOutbox.open(h.dir)).list()).toEqual([]);
    // Nothing left to undo.
    expect(service.undoCancel()).toEqual([]);
  });

  it('sends the waiting cancel at once when another one starts; only the new one can be undone', async () => {
    const r1 = h.api.redeem('a');
    const r2 = h.api.redeem('a');
    service = await h.start();
    const first = service.cancelWithUndo([r1.id]);
    const second = service.cancelWithUndo([r2.id]);
    expect(await first).toEqual({ done: 1, queued: 0, failed: [] });
    expect(patched()).toEqual([['CANCELED', r1.id]]);
    expect(service.getStatus().pendingCancel?.ids).toEqual([r2.id]);
    expect(service.undoCancel()).toEqual([r2.id]);
    expect(await second).toMatchObject({ undone: 1 });
    expect(h.queueIds()).toEqual([r2.id]);
  });

  it('loses nothing at dispose: the waiting cancel is in the outbox on disk, and the next start sends it', async () => {
    const r1 = h.api.redeem('a');
    service = await h.start();
    // The platform cannot be reached while the app quits.
    h.api.failWith(() => new AppError('network_error', 'offline'), 1, (q) => q.method === 'PATCH');
    const sent = service.cancelWithUndo([r1.id]);
    await service.dispose();
    expect(await sent).toMatchObject({ queued: 1 });
    expect((await RedemptionOutbox.open(h.dir)).list()).toMatchObject([{ status: 'CANCELED', redemptions: [{ id: r1.id }] }]);
    await expect(service.cancelWithUndo([r1.id])).rejects.toThrow('Sidestage is shutting down.');
    service = await h.start();
    expect(h.api.redemptions.get(r1.id)!.status).toBe('CANCELED');
    expect(h.queueIds()).toEqual([]);
  });

  it('sends the last account\'s waiting cancel when the account changes, not undoable any more', async () => {
    const r1 = h.api.redeem('a');
    service = await h.start();
    const sent = service.cancelWithUndo([r1.id]);
    h.auth.set(FakeAuth.with('signedOut'));
    // Signed out: it waits in the outbox for that account's next sign-in.
    expect(await sent).toMatchObject({ queued: 1 });
    expect(service.undoCancel()).toEqual([]);
    expect((await RedemptionOutbox.open(h.dir)).list()).toMatchObject([{ status: 'CANCELED', redemptions: [{ id: r1.id }] }]);
    h.auth.set(FakeAuth.signedIn());
    await h.settle();
    expect(h.api.redemptions.get(r1.id)!.status).toBe('CANCELED');
  });

  it('refuses while signed out, and does nothing for ids not in the queue', async () => {
    service = await h.start();
    expect(await service.cancelWithUndo(['nope'])).toEqual({ done: 0, queued: 0, failed: [] });
    expect(service.getStatus().pendingCancel).toBeNull();
    h.auth.set(FakeAuth.with('signedOut'));
    await expect(service.cancelWithUndo(['nope'])).rejects.toThrow(/Sign in/);
  });
});
