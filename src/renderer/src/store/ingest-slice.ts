import type { StoreApi } from 'zustand/vanilla';
import type { IngestOverview } from '../../../shared/ipc/contract';
import { streamKeyForEncoder } from '../lib/format';
import { call } from '../lib/ipc-call';
import type { SliceContext } from './action-runner';
import { effectiveServerId, selectSelectedServer } from './selectors';
import { mirrorDomain } from './mirror';
import type { CopyTarget, IngestSlice } from './slice-types/ingest';
import type { SidestageState, StoreDeps } from './types';

export const defaultCopyFeedbackMs = 3_000;

/** A revealed URL is only valid for the overview it was revealed from. */
function streamUrlChanged(before: IngestOverview | null, after: IngestOverview): boolean {
  return (
    !before ||
    effectiveServerId(before) !== effectiveServerId(after) ||
    before.secure !== after.secure ||
    before.bandwidthTest !== after.bandwidthTest ||
    before.maskedUrl !== after.maskedUrl
  );
}

export function createIngestSlice({ set, get, deps, run, epochs }: SliceContext): IngestSlice {
  let copySeq = 0;

  const show = (overview: IngestOverview) => {
    const before = get().ingest;
    set(streamUrlChanged(before, overview) ? { ingest: overview, revealedUrl: null } : { ingest: overview });
  };

  /** Calls main and shows the overview it answers, unless a newer attempt or an ingest:changed event came since. */
  const ask = (isLatest: () => boolean, request: () => ReturnType<typeof deps.bridge.ingest.getOverview>) =>
    epochs.ask('ingest', request, show, { isLatest });

  const showCopied = (target: CopyTarget) => {
    const seq = ++copySeq;
    set({ copied: { target, seq } });
    setTimeout(() => {
      if (get().copied?.seq === seq) set({ copied: null });
    }, deps.copyFeedbackMs ?? defaultCopyFeedbackMs);
  };

  const selectedServerUrl = (): string => {
    const server = selectSelectedServer(get());
    if (!server) throw new Error('No ingest server is selected.');
    return server.serverUrl;
  };

  const writeClipboard = async (text: string) => {
    try {
      await deps.writeClipboard(text);
    } catch (error) {
      const reason = error instanceof Error && error.message ? error.message : 'permission denied';
      throw new Error(`Could not write to the clipboard: ${reason}`);
    }
  };

  return {
    ingest: null,
    revealedUrl: null,
    pendingSelectId: null,
    pendingOptions: {},
    copied: null,

    loadIngest: () =>
      run('ingest.load', async (isLatest) => {
        await ask(isLatest, () => deps.bridge.ingest.getOverview());
      }),

    refreshIngest: () =>
      run('ingest.refresh', async (isLatest) => {
        await ask(isLatest, () => deps.bridge.ingest.refresh());
      }),

    probeIngest: () =>
      run('ingest.probe', async (isLatest) => {
        await ask(isLatest, () => deps.bridge.ingest.probe());
      }),

    selectServer: (serverId) =>
      run('ingest.select', async (isLatest) => {
        set({ pendingSelectId: serverId });
        try {
          await ask(isLatest, () => deps.bridge.ingest.select({ serverId }));
        } finally {
          if (isLatest()) set({ pendingSelectId: null });
        }
      }),

    setSecure: (secure) =>
      run('ingest.setSecure', async (isLatest) => {
        set((state) => ({ pendingOptions: { ...state.pendingOptions, secure } }));
        try {
          await ask(isLatest, () => deps.bridge.ingest.setOptions({ secure }));
        } finally {
          if (isLatest()) set((state) => ({ pendingOptions: { ...state.pendingOptions, secure: undefined } }));
        }
      }),

    setBandwidthTest: (bandwidthTest) =>
      run('ingest.setBandwidthTest', async (isLatest) => {
        set((state) => ({ pendingOptions: { ...state.pendingOptions, bandwidthTest } }));
        try {
          await ask(isLatest, () => deps.bridge.ingest.setOptions({ bandwidthTest }));
        } finally {
          if (isLatest()) set((state) => ({ pendingOptions: { ...state.pendingOptions, bandwidthTest: undefined } }));
        }
      }),

    revealStreamUrl: () =>
      run('ingest.reveal', async (isLatest) => {
        const revealed = await call(deps.bridge.ingest.revealStreamKey({ purpose: 'reveal' }));
        if (isLatest()) set({ revealedUrl: revealed.url });
      }),

    hideStreamUrl: () => set({ revealedUrl: null }),

    copyServerUrl: () =>
      run('ingest.copyServer', async () => {
        await writeClipboard(selectedServerUrl());
        showCopied('server');
      }),

    copyStreamKey: () =>
      run('ingest.copyStreamKey', async () => {
        // The key goes straight to the clipboard; it is never kept in the store.
        const revealed = await call(deps.bridge.ingest.revealStreamKey({ purpose: 'copy' }));
        await writeClipboard(streamKeyForEncoder(revealed));
        showCopied('streamKey');
      }),

    copyStreamUrl: () =>
      run('ingest.copyStreamUrl', async () => {
        // Server and key in one, for encoders with a single URL field; never kept in the store.
        const revealed = await call(deps.bridge.ingest.revealStreamKey({ purpose: 'copy' }));
        await writeClipboard(revealed.url);
        showCopied('streamUrl');
      }),

    applyIngest: (overview) => {
      epochs.tick('ingest');
      show(overview);
    },
  };
}

/** Follows ingest:changed; the overview (masked URL, stream key errors) is the current broadcaster's. */
export function mirrorIngest(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, {
    events: { 'ingest:changed': (state, overview) => state.applyIngest(overview) },
    load: (state) => state.loadIngest(),
    account: { clear: () => store.setState({ ingest: null, revealedUrl: null }) },
  });
}
