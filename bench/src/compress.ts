import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

export type Sizes = { raw: number; gzip: number; brotli: number }

export const ZERO: Sizes = { raw: 0, gzip: 0, brotli: 0 }

/** gzip level 9 and brotli quality 11 (text mode), as a static host would pre-compress. */
export function sizesOf(data: Buffer | string): Sizes {
  const buf = typeof data === 'string' ? Buffer.from(data) : data
  if (buf.length === 0) return { ...ZERO }
  return {
    raw: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    brotli: brotliCompressSync(buf, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
      },
    }).length,
  }
}

export const addSizes = (a: Sizes, b: Sizes): Sizes => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli })
