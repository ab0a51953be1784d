// `@portico/react/actions`: what a dapp (or an integration such as `@portico/wagmi`) does with a
// `PorticoClient` outside React.
export { switchNetwork, type SwitchNetworkErrorType, type SwitchNetworkParameters } from './switchNetwork.ts'
