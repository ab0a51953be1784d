export type PackedPackage = { name: string; file: string; size: number; files: string[] }
/** Packs every published package into `destination` (default .packs/); refuses tarballs with sources or tests. */
export declare function packPackages(destination?: string): PackedPackage[]
