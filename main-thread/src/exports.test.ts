import { expect, it } from 'vitest'
import * as portico from './index.ts'

it('pins the public exports of @portico/react', () => {
  expect(Object.keys(portico).sort()).toMatchInlineSnapshot(`
    [
      "AccountButton",
      "ConnectButton",
      "NetworkButton",
      "PorticoProvider",
      "SERVICE_WORKER_UPDATE_EVENT",
      "SESSION_HINT_KEY",
      "WalletButton",
      "createClient",
      "useAccount",
      "useActivity",
      "useBalances",
      "useConnect",
      "useConnections",
      "useDisconnect",
      "useEmailLogin",
      "useEvents",
      "useModal",
      "useModalState",
      "useNetwork",
      "useProvider",
      "useSocialLogin",
      "useSwitchConnection",
      "useTheme",
      "useWalletInfo",
      "useWallets",
    ]
  `)
})
