import { startDataApi, type DataApiHandle } from '../data-api/data-api.ts'
import { RequestLog } from '../http/request-log.ts'
import { dataApiUrl } from '../options.ts'
import { aaKey } from '../aa/keys.ts'
import { bundlerService } from './bundler.ts'
import { evmChainsService } from './evm-chains.ts'
import { frameService } from './frame.ts'
import { DEFAULT_FRAME_PROJECTS } from '@portico/frame-service/allow-list.ts'
import { localEndpoint, httpHealth, type SandboxService } from './service.ts'

/**
 * The blockchain-data API (8787), with the explorer, the onramp checkout and the images. Served from
 * the seeded chains, so it is the last to answer: its /health means the sandbox is ready.
 */
export const dataApiService: SandboxService<DataApiHandle> = {
  id: 'dataApi',
  name: 'blockchain-data API',
  needs: [evmChainsService, bundlerService],
  uses: [frameService],
  endpoints: (config) => [localEndpoint('blockchain-data API', config.dataApiPort)],
  async start({ config, faults, directory, get, find }) {
    const world = await get(evmChainsService).world
    // ERC-4337 installed; with eager bundlers (npm start), they answer too (they load in parallel with the seed).
    const bundlers = get(bundlerService)
    await bundlers.ready
    // Without the frame service, the projects it would be configured with (the same allow-list).
    const frame = find(frameService)
    const projects = config.frameProjects ?? DEFAULT_FRAME_PROJECTS
    const accountAbstraction = {
      bundler: (chainId: number) => bundlers.bundler(chainId),
      // The projects the sandbox knows (the frame's allow-list: portico-demo, PORTICO_FRAME_PROJECTS).
      isSponsoredProject: (projectId: string) => (frame ? frame.projects.get(projectId) !== undefined : Object.hasOwn(projects, projectId)),
      sponsorKey: aaKey('sponsorSigner').privateKey,
    }
    return startDataApi({ ...world.services, publicUrl: dataApiUrl(config), log: new RequestLog(), faults, nameSuffix: config.nameSuffix, directory, accountAbstraction }, config.dataApiPort)
  },
  stop: (dataApi) => dataApi.stop(),
  health: (dataApi) => httpHealth(`${dataApi.url}/health`),
}
