// Types of check-licences.mjs, for its unit test.
export interface InstalledPackage {
  name: string;
  version: string;
  path: string;
}
export declare const allowedLicences: Set<string>;
export declare function licenceAllowed(expression: unknown, allowed?: Set<string>): boolean;
export declare function licenceOf(manifest: Record<string, unknown>): string | null;
export declare function installedPackages(tree: unknown): InstalledPackage[];
export declare function licenceProblems(packages: InstalledPackage[], readManifest: (dir: string) => Record<string, unknown>, allowed?: Set<string>): string[];
