import type { WalletsKey } from '../wallets.messages.ts'

/** Wallets texts (ko). */
export default {
  intro: '이 앱에서 사용할 지갑을 선택하세요. 다른 지갑은 연결된 상태로 유지됩니다.',
  connectedWallets: '연결된 지갑',
  inUse: '사용 중',
  switchingTo: '{wallet}(으)로 전환 중…',
  nowUsing: '이제 {wallet} 사용 중',
  switchFailed: '{wallet}(으)로 전환하지 못했습니다',
  disconnectWallet: '{wallet} 연결 해제',
  walletDisconnected: '{wallet} 연결 해제됨',
  walletsConnected: 'other:지갑 {count}개 연결됨',
} satisfies Record<WalletsKey, string>
