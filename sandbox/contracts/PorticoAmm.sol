// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title PorticoAmm
/// @notice Constant-product pools (x * y = k, 0.3% fee, the Uniswap V2 formula) for the Portico
///         sandbox. One contract holds every pool of a chain, keyed by the sorted token pair, so a
///         wallet approves a single spender. The native coin is the conventional
///         0xEeee...EEeE address: swapping it in sends value, swapping it out receives value.
contract PorticoAmm {
    address public constant NATIVE = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;
    uint256 public constant FEE_PER_MILLE = 3;

    struct Pool {
        uint256 reserve0;
        uint256 reserve1;
    }

    address public immutable owner;
    mapping(address token0 => mapping(address token1 => Pool)) private pools;
    uint256 private locked = 1;

    event LiquidityAdded(address indexed token0, address indexed token1, uint256 amount0, uint256 amount1);
    event Swap(
        address indexed sender,
        address indexed tokenIn,
        address indexed tokenOut,
        uint256 amountIn,
        uint256 amountOut,
        address to
    );

    error NotOwner();
    error Reentrant();
    error SameToken();
    error NoPool(address tokenIn, address tokenOut);
    error ZeroAmount();
    error WrongValue(uint256 sent, uint256 expected);
    error Slippage(uint256 amountOut, uint256 minAmountOut);
    error TransferFailed(address token);

    modifier nonReentrant() {
        if (locked != 1) revert Reentrant();
        locked = 2;
        _;
        locked = 1;
    }

    constructor() {
        owner = msg.sender;
    }

    /// @notice Reserves of the pool of `tokenIn` and `tokenOut`, in that order.
    function getReserves(address tokenIn, address tokenOut) public view returns (uint256 reserveIn, uint256 reserveOut) {
        (address t0, address t1) = _sort(tokenIn, tokenOut);
        Pool storage pool = pools[t0][t1];
        (reserveIn, reserveOut) = tokenIn == t0 ? (pool.reserve0, pool.reserve1) : (pool.reserve1, pool.reserve0);
    }

    /// @notice What swapping `amountIn` of `tokenIn` yields of `tokenOut` now.
    function getAmountOut(address tokenIn, address tokenOut, uint256 amountIn) public view returns (uint256) {
        (uint256 reserveIn, uint256 reserveOut) = getReserves(tokenIn, tokenOut);
        if (reserveIn == 0 || reserveOut == 0) revert NoPool(tokenIn, tokenOut);
        if (amountIn == 0) revert ZeroAmount();
        uint256 inWithFee = amountIn * (1000 - FEE_PER_MILLE);
        return (inWithFee * reserveOut) / (reserveIn * 1000 + inWithFee);
    }

    /// @notice Owner-only: deposits both sides of a pool (send value for a NATIVE side).
    function addLiquidity(address tokenA, address tokenB, uint256 amountA, uint256 amountB) external payable nonReentrant {
        if (msg.sender != owner) revert NotOwner();
        uint256 expectedValue = tokenA == NATIVE ? amountA : tokenB == NATIVE ? amountB : 0;
        if (msg.value != expectedValue) revert WrongValue(msg.value, expectedValue);
        _pull(tokenA, amountA);
        _pull(tokenB, amountB);
        (address t0, address t1) = _sort(tokenA, tokenB);
        (uint256 a0, uint256 a1) = tokenA == t0 ? (amountA, amountB) : (amountB, amountA);
        Pool storage pool = pools[t0][t1];
        pool.reserve0 += a0;
        pool.reserve1 += a1;
        emit LiquidityAdded(t0, t1, a0, a1);
    }

    /// @notice Swaps exactly `amountIn` of `tokenIn` (pulled with transferFrom, or sent as value for
    ///         NATIVE) for at least `minAmountOut` of `tokenOut`, paid to `to`.
    function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, address to)
        external
        payable
        nonReentrant
        returns (uint256 amountOut)
    {
        uint256 expectedValue = tokenIn == NATIVE ? amountIn : 0;
        if (msg.value != expectedValue) revert WrongValue(msg.value, expectedValue);
        amountOut = getAmountOut(tokenIn, tokenOut, amountIn);
        if (amountOut < minAmountOut) revert Slippage(amountOut, minAmountOut);
        (address t0, address t1) = _sort(tokenIn, tokenOut);
        Pool storage pool = pools[t0][t1];
        if (tokenIn == t0) {
            pool.reserve0 += amountIn;
            pool.reserve1 -= amountOut;
        } else {
            pool.reserve1 += amountIn;
            pool.reserve0 -= amountOut;
        }
        _pull(tokenIn, amountIn);
        _push(tokenOut, to, amountOut);
        emit Swap(msg.sender, tokenIn, tokenOut, amountIn, amountOut, to);
    }

    function _sort(address a, address b) private pure returns (address, address) {
        if (a == b) revert SameToken();
        return a < b ? (a, b) : (b, a);
    }

    function _pull(address token, uint256 amount) private {
        if (token == NATIVE || amount == 0) return;
        (bool ok, bytes memory ret) =
            token.call(abi.encodeWithSignature("transferFrom(address,address,uint256)", msg.sender, address(this), amount));
        if (!ok || (ret.length > 0 && !abi.decode(ret, (bool)))) revert TransferFailed(token);
    }

    function _push(address token, address to, uint256 amount) private {
        bool ok;
        bytes memory ret;
        if (token == NATIVE) {
            (ok, ret) = to.call{value: amount}("");
        } else {
            (ok, ret) = token.call(abi.encodeWithSignature("transfer(address,uint256)", to, amount));
            ok = ok && (ret.length == 0 || abi.decode(ret, (bool)));
        }
        if (!ok) revert TransferFailed(token);
    }
}
