import { startDataApi, type DataApiHandle } from '../data-api/data-api.ts'
import { RequestLog } from '../http/request-log.ts'
import { dataApiUrl } from '../options.ts'
import { aaKey } from '../aa/keys.ts'
import { bundlerService } from './bundler.ts'
import { evmChainsService } from './evm-chains.ts'
import { frameService } from './frame.ts'
import { localEndpoint, httpHealth, type SandboxService } from './service.ts'

/**
 * The blockchain-data API (8787), with the explorer, the onramp checkout and the images. Served from
 * the seeded chains, so it is the last to answer: its /health means the sandbox is ready.
 */
export const dataApiService: SandboxService<DataApiHandle> = {
  id: 'dataApi',
  name: 'blockchain-data API',
  endpoints: (config) => [localEndpoint('blockchain-data API', config.dataApiPort)],
  async start({ config, faults, directory, get }) {
    const world = await get(evmChainsService).world
    // ERC-4337 installed; with eager bundlers (npm start), they answer too (they load in parallel with the seed).
    const bundlers = get(bundlerService)
    await bundlers.ready
    const frame = get(frameService)
    const accountAbstraction = {
      bundler: (chainId: number) => bundlers.bundler(chainId),
      // The projects the sandbox knows (the frame's allow-list: portico-demo, PORTICO_FRAME_PROJECTS).
      isSponsoredProject: (projectId: string) => frame.projects.get(projectId) !== undefined,
      sponsorKey: aaKey('sponsorSigner').privateKey,
    }
    return startDataApi({ ...world.services, publicUrl: dataApiUrl(config), log: new RequestLog(), faults, nameSuffix: config.nameSuffix, directory, accountAbstraction }, config.dataApiPort)
  },
  stop: (dataApi) => dataApi.stop(),
  health: (dataApi) => httpHealth(`${dataApi.url}/health`),
}
