/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_PORTICO_CHAIN_A_RPC?: string
  readonly VITE_PORTICO_CHAIN_B_RPC?: string
  readonly VITE_PORTICO_API_URL?: string
  readonly VITE_PORTICO_CATALOGUE_URL?: string
  readonly VITE_PORTICO_PROJECT_ID?: string
  readonly VITE_PORTICO_RELAY_URL?: string
  readonly VITE_PORTICO_FRAME_URL?: string
  readonly VITE_PORTICO_SOLANA_RPC?: string
}
