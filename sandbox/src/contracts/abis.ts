import { parseAbi } from 'viem'

/** Typed ABIs of the sandbox contracts' functions and events the TypeScript side calls or reads. */

export const tokenAbi = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function approve(address spender, uint256 value) returns (bool)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function balanceOf(address account) view returns (uint256)',
  'function mint(address to, uint256 value)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
])

export const collectibleAbi = parseAbi([
  'function mint(address[] to) returns (uint256)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function balanceOf(address holder) view returns (uint256)',
  'function setApprovalForAll(address operator, bool approved)',
  'function isApprovedForAll(address holder, address operator) view returns (bool)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
])

export const ammAbi = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountA, uint256 amountB) payable',
  'function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, address to) payable returns (uint256)',
  'function getAmountOut(address tokenIn, address tokenOut, uint256 amountIn) view returns (uint256)',
  'function getReserves(address tokenIn, address tokenOut) view returns (uint256 reserveIn, uint256 reserveOut)',
  'event Swap(address indexed sender, address indexed tokenIn, address indexed tokenOut, uint256 amountIn, uint256 amountOut, address to)',
])

export const namesAbi = parseAbi([
  'function register(string name, address owner, uint256 coinType)',
  'function resolve(string name) view returns (address owner, uint256 coinType, uint64 registered)',
  'function namesOf(address owner) view returns (string[])',
  'event NameRegistered(string name, address indexed owner, uint256 coinType, uint64 registered)',
])

/** `Transfer(address,address,uint256)`: ERC-20 (value in data) and ERC-721 (token id indexed). */
export const transferEventAbi = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)'])
export const nftTransferEventAbi = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'])
