export { porticoConnector, type PorticoConnectorParameters } from './connector.ts'
export { syncConnections, type SyncConnectionsParameters, type SyncConnectionsReturnType } from './syncConnections.ts'
