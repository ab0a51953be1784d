import { startDataApi, type DataApiHandle } from '../data-api/data-api.ts'
import { RequestLog } from '../http/request-log.ts'
import { dataApiUrl } from '../options.ts'
import { evmChainsService } from './evm-chains.ts'
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
    return startDataApi(
      { ...world.services, publicUrl: dataApiUrl(config), log: new RequestLog(), faults, nameSuffix: config.nameSuffix, directory },
      config.dataApiPort,
    )
  },
  stop: (dataApi) => dataApi.stop(),
  health: (dataApi) => httpHealth(`${dataApi.url}/health`),
}
