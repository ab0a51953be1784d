/**
 * A part of the configuration's schemas loaded ahead (`prepare()`, after `signIn.ts`): the networks',
 * WalletConnect's and the core's options. The configuration's own schemas are the last part.
 */
export { networkSchema } from '@portico/shared-types/network'
export { walletConnectConfigSchema } from '@portico/shared-types/walletConnect'
export { coreOptionsSchema } from '@portico/shared-types/core-options'
