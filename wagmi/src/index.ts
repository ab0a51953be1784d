export { porticoConnector, type PorticoConnectorParameters } from './connector.ts'
