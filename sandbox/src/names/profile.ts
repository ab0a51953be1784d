import type { ProfileAccount } from '@portico/shared-types'
import type { NameRecord } from './registry.ts'

/** A registry record in the API's profile shape: addresses keyed by coin type. */
export function toProfile(record: NameRecord): ProfileAccount {
  return {
    name: record.name,
    registered: record.registered,
    updated: record.registered,
    addresses: { [String(record.coinType)]: { address: record.owner, created: record.registered } },
    attributes: {},
  }
}
