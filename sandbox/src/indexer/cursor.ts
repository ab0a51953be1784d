import { z } from 'zod'
import type { HistoryKey } from './types.ts'

const cursorSchema = z.tuple([z.number().int().nonnegative(), z.number().int().positive(), z.string().regex(/^\d+$/), z.number().int().nonnegative()])

/** An opaque cursor: the position of the last transaction of the page just answered. */
export function encodeCursor([timestamp, chainId, block, index]: HistoryKey): string {
  return Buffer.from(JSON.stringify([timestamp, chainId, block.toString(), index])).toString('base64url')
}

/** The position a cursor stands for, or undefined if it is not one of ours. */
export function decodeCursor(cursor: string): HistoryKey | undefined {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))
    if (!parsed.success) return undefined
    const [timestamp, chainId, block, index] = parsed.data
    return [timestamp, chainId, BigInt(block), index]
  } catch {
    return undefined
  }
}
