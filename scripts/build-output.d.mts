// Types of build-output.mjs, for the TypeScript that imports it (benchmarks, e2e support).
export declare const projectRoot: string;
export declare const builtEntries: { dock: string; emulator: string; electron: string };
export declare const builtPrograms: { dock: string; emulator: string };
export declare function staleReason(): string | null;
export declare function ensureBuilt(options?: { quiet?: boolean }): void;
