// Types of build.mjs, for the tests that build the plugin before running it.
export declare const pluginFolder: string;
export declare function buildPlugin(outfile?: string): Promise<void>;
