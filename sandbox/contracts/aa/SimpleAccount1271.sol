// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import "@openzeppelin/contracts/utils/Create2.sol";
import "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import "@openzeppelin/contracts/interfaces/IERC1271.sol";
import "@account-abstraction/contracts/accounts/SimpleAccount.sol";

/// The embedded wallet's smart account: the published ERC-4337 v0.8 SimpleAccount (unchanged: the
/// same owner, execute, executeBatch and user-operation validation) plus ERC-1271, which the published
/// one lacks, so a sign-in (SIWX) or any message signed "by the account" can be verified.
///
/// `isValidSignature(hash, signature)` is valid when `signature` is the owner's ECDSA signature of
/// `hash` itself, with no further wrapping: the verifier hands over the digest it wants signed, for a
/// personal_sign message the EIP-191 digest (viem's verifyMessage/verifySiweMessage pass
/// hashMessage(message)), so the owner's personal_sign signature of the message is the account's. The
/// same signature is also valid for the owner's own address (no ERC-7739 replay protection between the
/// owner's EOA and its account: both are the same key's, in the same wallet).
contract SimpleAccount1271 is SimpleAccount, IERC1271 {
    constructor(IEntryPoint anEntryPoint) SimpleAccount(anEntryPoint) {}

    /// ERC-1271: 0x1626ba7e when the owner signed `hash` (r ‖ s ‖ v, 65 bytes), else 0xffffffff.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view override returns (bytes4) {
        (address signer, ECDSA.RecoverError error, ) = ECDSA.tryRecoverCalldata(hash, signature);
        if (error == ECDSA.RecoverError.NoError && signer != address(0) && signer == owner) return IERC1271.isValidSignature.selector;
        return bytes4(0xffffffff);
    }
}

/// The factory of SimpleAccount1271: the v0.8 SimpleAccountFactory's createAccount/getAddress (ERC1967
/// proxies of one implementation, CREATE2 by owner and salt), callable by anyone. The EntryPoint's
/// initCode path calls it through its SenderCreator as before; anyone else may call it too, which
/// EIP-6492 needs (a verifier simulates the deployment before asking the account), and which cannot
/// harm: the address fixes the owner.
contract SimpleAccount1271Factory {
    SimpleAccount1271 public immutable accountImplementation;

    constructor(IEntryPoint _entryPoint) {
        accountImplementation = new SimpleAccount1271(_entryPoint);
    }

    /// Creates the account (or answers the existing one, so getSenderAddress works before and after).
    function createAccount(address owner, uint256 salt) public returns (SimpleAccount1271 ret) {
        address addr = getAddress(owner, salt);
        if (addr.code.length > 0) return SimpleAccount1271(payable(addr));
        ret = SimpleAccount1271(
            payable(new ERC1967Proxy{salt: bytes32(salt)}(address(accountImplementation), abi.encodeCall(SimpleAccount.initialize, (owner))))
        );
    }

    /// The counterfactual address createAccount(owner, salt) deploys to.
    function getAddress(address owner, uint256 salt) public view returns (address) {
        return Create2.computeAddress(
            bytes32(salt),
            keccak256(abi.encodePacked(type(ERC1967Proxy).creationCode, abi.encode(address(accountImplementation), abi.encodeCall(SimpleAccount.initialize, (owner)))))
        );
    }
}
