import type { CaipAddress } from '@portico/shared-types/light'
import { getSimulationQueryKey } from '@portico/shared-types/queries'
import type { SimulatedCall, Simulation } from '@portico/shared-types/write'
import { useCoreQuery, type UseCoreQueryReturnType } from './useCoreQuery.ts'

/**
 * What `calls` would do to the connected account, simulated by the core on the network's own node
 * (`eth_simulateV1`): assets sent and received with their USD values, allowances granted, or the
 * revert and its reason; a Solana transaction's SOL and token changes (`simulateTransaction`). A
 * write's Review step shows it before the wallet is asked. `calls` null: nothing to simulate (a
 * signature).
 *
 * @example
 * const { data: simulation } = useSimulation({ caipAddress, calls: checked.calls })
 */
export function useSimulation({
  caipAddress,
  calls,
  transaction,
}: {
  caipAddress: CaipAddress | undefined
  calls: readonly SimulatedCall[] | null
  /** A Solana write's transaction (unsigned, base64), simulated instead of calls. */
  transaction?: string | undefined
}): UseCoreQueryReturnType<Simulation> {
  const enabled = caipAddress !== undefined && calls !== null && (calls.length > 0 || transaction !== undefined)
  return useCoreQuery<Simulation>({
    queryKey: enabled ? getSimulationQueryKey({ caipAddress, calls, transaction }) : ['simulation'],
    queryFn: (api) => api.simulateCalls({ caipAddress: caipAddress!, calls: calls!, ...(transaction ? { transaction } : {}) }),
    enabled,
  })
}
