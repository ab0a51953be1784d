import { createHttpServer } from '../http/server.ts'
import { serviceHandle, type ServiceHandle } from '../http/service-handle.ts'
import { createDataApiApp } from './app.ts'
import type { DataApiContext } from './context.ts'

export type DataApiHandle = ServiceHandle

/** Serves the blockchain-data API over `ctx` on 127.0.0.1:`port`; resolves once listening. */
export async function startDataApi(ctx: DataApiContext, port: number): Promise<DataApiHandle> {
  const server = createHttpServer(createDataApiApp(ctx), port, 'blockchain-data API')
  await server.start()
  return serviceHandle(server, ctx.log)
}
