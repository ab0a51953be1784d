/** The licences a package of a run-time tree may have (SPDX identifiers). */
export declare const ALLOWED: readonly string[]
export type LicenceException = { name: string; licence: string; reason: string }
/** The sandbox's packages allowed outside the list, with the reason. */
export declare const SANDBOX_EXCEPTIONS: readonly LicenceException[]
/** Packages whose package.json declares less than they hold, with the licence checked instead. */
export declare const BUNDLED_LICENCES: readonly { name: string; licence: string; why: string }[]
/** The notices file each tarball ships. */
export declare const NOTICES_FILE: 'THIRD-PARTY-NOTICES'

/** A tree to check: a workspace of the project in `cwd`, or without one, the project itself. */
export type LicenceTarget = { label: string; cwd: string; workspace?: string; shipped?: boolean; exceptions?: readonly LicenceException[] }
export type InstalledPackage = { name: string; version: string; path: string; via: string[] }
export type LicenceRow = { name: string; version: string; licence: string | undefined; shipped: boolean; targets: string[]; exception?: string }
export type LicenceProblem = { name: string; version: string; licence: string | undefined; reason: string; target: string; via: string[] }

export declare function declaredLicence(pkg: Record<string, unknown>): string | undefined
export declare function judgeLicence(licence: string | undefined): { ok: true } | { ok: false; reason: string }
export declare function licenceFiles(dir: string): string[]
export declare function installedTree(target?: { cwd?: string; workspace?: string }): Promise<InstalledPackage[]>
export declare function defaultTargets(): LicenceTarget[]
export declare function checkLicences(targets?: readonly LicenceTarget[]): Promise<{ rows: LicenceRow[]; problems: LicenceProblem[] }>
export declare function formatTable(rows: readonly LicenceRow[]): string
export declare function verdict(result: { rows: readonly LicenceRow[]; problems: readonly LicenceProblem[] }, targets: readonly LicenceTarget[]): string
export declare function thirdPartyNotices(workspace: string | undefined, cwd?: string): Promise<string>
export declare function writeNotices(folders?: readonly string[]): Promise<string[]>
