// A server component: the page's shell is prerendered; Portico lives in the client component below.
import { Dapp } from './Dapp'

export default function Page() {
  return <Dapp />
}
