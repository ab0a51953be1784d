import type { SiwxKey } from '../siwx.messages.ts'

/** Sign-in texts (ko). */
export default {
  sessionExpired: '세션 만료됨',
  body: '{app}에서 지갑 연결을 요청합니다. 이 지갑의 소유자임을 확인하려면 이 메시지에 서명하세요.',
  account: '{network}의 계정 {address}',
  sign: '서명',
  cancel: '취소',
  authenticating: '인증 중...',
  signatureDeclined: '서명이 거부되었습니다',
  smartAccountsUnsupported: '이 애플리케이션은 스마트 계정을 지원하지 않을 수 있습니다',
  siwxInitFailed: '인증을 시작하는 중 문제가 발생했습니다',
  required: '이 앱은 모든 방문자에게 로그인을 요청합니다. 취소하면 지갑 연결이 해제됩니다.',
} satisfies Record<SiwxKey, string>
