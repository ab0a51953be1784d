import type { WalletConnectKey } from '../walletConnect.messages.ts'

/** WalletConnect texts (ko). */
export default {
  scanWithPhone: '휴대폰으로 이 QR 코드를 스캔하세요',
  scanWithWallet: '{wallet}(으)로 이 QR 코드를 스캔하세요',
  qrLabel: 'WalletConnect QR 코드',
  preparing: 'QR 코드 준비 중…',
  copyLink: '링크 복사',
  linkCopied: '링크가 복사되었습니다',
  openWallet: '{wallet} 열기',
  failed: '연결되지 않았습니다: {reason}',
  declined: '연결이 거부되었습니다',
  tryAgain: '다시 시도',
  approveInWallet: '지갑에서 연결을 승인하세요',
  orPickWallet: '또는 지갑 선택',
} satisfies Record<WalletConnectKey, string>
