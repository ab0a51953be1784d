import { FrameKey } from './keys.ts'
import { solanaKeyContext } from './keys.ts'
import type { FrameStore, SealedKeys } from './store.ts'

/**
 * Re-seals every user's private keys (EVM and Solana) from `oldKey` to `newKey`, in one transaction (all or none).
 * Keys already sealed with `newKey` are left as they are, so a rotation cut short can be run again.
 * Answers how many were re-sealed and how many were already under the new key. Run it while no
 * frame service uses the database; live one-time codes end with the old key (a visitor asks again).
 */
export async function rekeyFrameStore(store: FrameStore, oldKey: FrameKey, newKey: FrameKey): Promise<{ resealed: number; alreadyNew: number }> {
  const rows = await store.sealedKeys()
  const next: SealedKeys[] = []
  let alreadyNew = 0
  for (const row of rows) {
    if (FrameKey.idOf(row.encrypted_key) === newKey.id) {
      alreadyNew += 1
      continue
    }
    const solana = row.encrypted_solana_key
    next.push({
      id: row.id,
      encrypted_key: newKey.seal(oldKey.open(row.encrypted_key, row.id), row.id),
      encrypted_solana_key: solana === null ? null : newKey.seal(oldKey.open(solana, solanaKeyContext(row.id)), solanaKeyContext(row.id)),
    })
  }
  await store.replaceSealedKeys(next)
  return { resealed: next.length, alreadyNew }
}
