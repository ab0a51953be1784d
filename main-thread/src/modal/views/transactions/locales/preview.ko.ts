import type { PreviewKey } from '../preview.messages.ts'

/** preview texts (ko). */
export default {
  balanceChanges: '잔액 변화',
  simulating: '네트워크에서 시뮬레이션 중…',
  noChanges: '잔액 변화 없음',
  willFail: '이 트랜잭션은 실패합니다: {reason}',
  sendAnyway: '실패하며 그래도 네트워크 수수료가 들 수 있음을 이해합니다',
  couldNotSimulate: '시뮬레이션할 수 없습니다({reason}). 승인하기 전에 지갑에 표시되는 내용을 확인하세요.',
  approvalsGranted: '부여되는 승인',
  approvalUnlimited: '{spender}에게 내 {symbol} 무제한 승인',
  approvalAmount: '{spender}에게 {amount} {symbol} 승인',
  approvalAll: '{spender}에게 내가 가진 모든 {symbol} NFT 승인',
  approvalRevoked: '{spender}의 내 {symbol} 승인을 취소합니다',
} satisfies Record<PreviewKey, string>
