import { useEffect } from 'react'
import { emptyIdentity, type CaipAddress, type IdentityState } from '@portico/shared-types/light'
import { usePorticoClient, useSnapshot } from '../../context.ts'

/**
 * The name and avatar of the active account, as the core pushes them; asks the core to refresh
 * them (5 min cache) when the account or network changes.
 */
export function useIdentity({ caipAddress }: { caipAddress: CaipAddress | undefined }): IdentityState {
  const client = usePorticoClient()
  const { core } = useSnapshot()
  useEffect(() => {
    if (caipAddress) void client.withCore((api) => api.refreshIdentity()).catch(() => undefined)
  }, [client, caipAddress, core?.activeCaipNetworkId])
  return core?.identity ?? emptyIdentity
}
