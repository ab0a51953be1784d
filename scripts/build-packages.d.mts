/** The published packages' folders, in build order. */
export declare const PACKAGES: readonly string[]
/** Builds the packages whose dist/ is missing or older than their inputs. */
export declare function ensurePackagesBuilt(folders?: readonly string[]): void
export declare function buildPackage(folder: string): void
