import type { NamesKey } from '../names.messages.ts'

/** Account name texts (ko). */
export default {
  intro: '계정 이름이 있으면 긴 주소 대신 이름으로 다른 사람이 나를 찾고 송금할 수 있습니다.',
  nameLabel: '계정 이름',
  rules: '문자, 숫자, 하이픈으로 4자 이상.',
  checking: '{name} 확인 중…',
  available: '{name}을(를) 사용할 수 있습니다',
  taken: '{name}은(는) 이미 사용 중입니다',
  errorResolvingName: '이름 확인 중 오류 발생',
  suggestions: '추천',
  errorFetchingNameSuggestions: '이름 추천을 가져오는 중 오류 발생',
  useSuggestion: '{name} 사용',
  register: '{name} 등록',
  approveInWallet: '{name}을(를) 등록하려면 {wallet}에서 메시지에 서명하세요.',
  registering: '등록 중…',
  errorRegisteringName: '{name} 이름을 등록하는 중 오류가 발생했습니다',
  needsNetwork: '이름을 등록하려면 네트워크가 필요합니다. 다시 연결한 후 시도하세요.',
  evmOnly: '계정 이름은 EVM 네트워크에서만 사용할 수 있습니다. 등록하려면 EVM 네트워크로 전환하세요.',
  successTitle: '{name}이(가) 이제 내 것입니다',
  successBody: '이제 내 계정의 이름이며, 다른 사람이 이 이름으로 보낼 수 있습니다.',
  backToAccount: '계정으로 돌아가기',
} satisfies Record<NamesKey, string>
