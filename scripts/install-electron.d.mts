// Types of install-electron.mjs, for its tests.
export declare const downloadTimeoutMs: number;
export declare function downloadEnv(env: Record<string, string | undefined>): Record<string, string | undefined>;
export declare function failureMessage(result: { status: number | null; error?: { code?: string } }): string;
