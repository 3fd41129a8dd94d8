// Types of electron-preflight.mjs, for its tests.
export declare function fetchAdvice(): string;
export declare function findElectron(require: (id: string) => unknown): { binary: string; missing?: undefined } | { missing: string; binary?: undefined };
export declare function sandboxProblem(options: { binary: string; root?: string; platform?: NodeJS.Platform; projectRoot?: string }): { reason: string; fix: string } | null;
export declare const earlySeconds: number;
export declare function describeEnd(end: { code: number | null; signal: NodeJS.Signals | null; seconds: number; stderr?: string }):
  | { failed: false }
  | { failed: true; early: boolean; sandbox: boolean; what: string };
