// Types of install-plugin.mjs, for its tests.
export declare const pluginDir: string;
export declare function pluginInstallCommand(
  root: string,
  env: Record<string, string | undefined>,
  exists?: (path: string) => boolean,
): { file: string; args: string[] } | null;
