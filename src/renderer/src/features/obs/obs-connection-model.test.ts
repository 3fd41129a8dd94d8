/**
 * The OBS connection form's Save, against the real store and a fake bridge: the password the
 * broadcaster typed is cleared only once main saved it; a failed save keeps it in the field.
 */
import { describe, expect, it, vi } from 'vitest';
import type { IpcResult, ObsState } from '../../../../shared/ipc/contract';
import { createSidestageStore } from '../../store/create-store';
import { selectAction } from '../../store/selectors';
import { fail, fakeDeps, obsOff, ok } from '../../test-support/store-fakes';
import { saveObsConnection } from './obs-connection-model';

const saved: ObsState = obsOff;

function setup(passwordAnswer: IpcResult<ObsState>) {
  const fakes = fakeDeps();
  const obs = {
    setConnection: vi.fn(async (arg: { host: string; port: number }): Promise<IpcResult<ObsState>> => ok({ ...saved, ...arg })),
    setPassword: vi.fn(async (_arg: { password: string }): Promise<IpcResult<ObsState>> => passwordAnswer),
  };
  Object.assign(fakes.bridge, { obs });
  return { store: createSidestageStore(fakes.deps), obs };
}

describe('OBS connection form: Save', () => {
  it('a failed password save keeps what was typed in the field, and says why', async () => {
    const { store, obs } = setup(fail({ code: 'unavailable', message: 'The password could not be stored on this computer.' }));
    const next = await saveObsConnection(store.getState(), saved, { host: '127.0.0.1', port: 4455, password: 'typed-by-hand' });
    expect(obs.setPassword).toHaveBeenCalledWith({ password: 'typed-by-hand' });
    expect(next).toBe('typed-by-hand');
    expect(selectAction('obs.setPassword')(store.getState()).error).toBe('The password could not be stored on this computer.');
  });

  it('a saved password empties the field (main keeps it, never the renderer)', async () => {
    const { store } = setup(ok({ ...saved, passwordSaved: true }));
    expect(await saveObsConnection(store.getState(), saved, { host: '127.0.0.1', port: 4455, password: 'typed-by-hand' })).toBe('');
    expect(store.getState().obs?.passwordSaved).toBe(true);
  });

  it('saves a changed host and port (trimmed), and sends no password when none was typed', async () => {
    const { store, obs } = setup(ok(saved));
    expect(await saveObsConnection(store.getState(), saved, { host: ' obs.local ', port: 4460, password: '' })).toBe('');
    expect(obs.setConnection).toHaveBeenCalledWith({ host: 'obs.local', port: 4460 });
    expect(obs.setPassword).not.toHaveBeenCalled();
  });

  it('a failed host change still keeps the typed password when that fails too', async () => {
    const { store, obs } = setup(fail({ code: 'unavailable', message: 'Main is busy.' }));
    obs.setConnection.mockResolvedValueOnce(fail({ code: 'invalid_argument', message: 'The host is not a host name.' }));
    expect(await saveObsConnection(store.getState(), saved, { host: 'bad host', port: 4455, password: 'secret' })).toBe('secret');
    expect(selectAction('obs.setConnection')(store.getState()).error).toBe('The host is not a host name.');
  });
});
