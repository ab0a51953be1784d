// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// A smart account that signs like its owner (ERC-1271): the sandbox's account for sign-in tests of
/// smart accounts. The published ERC-4337 v0.8 SimpleAccount has no `isValidSignature`, so a SIWX
/// message "signed" by one cannot be verified by anyone; this one can, deployed (EIP-1271) or not yet
/// (EIP-6492, through its factory).
contract SandboxSigningAccount {
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    /// ERC-1271: valid when the owner signed `hash` (r ‖ s ‖ v, 65 bytes).
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (v < 27) v += 27;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }

    receive() external payable {}
}

/// Deploys SandboxSigningAccount at a CREATE2 address known before deployment (for EIP-6492).
contract SandboxSigningAccountFactory {
    function createAccount(address owner, uint256 salt) external returns (address account) {
        account = getAddress(owner, salt);
        if (account.code.length > 0) return account;
        return address(new SandboxSigningAccount{salt: bytes32(salt)}(owner));
    }

    function getAddress(address owner, uint256 salt) public view returns (address) {
        bytes32 codeHash = keccak256(abi.encodePacked(type(SandboxSigningAccount).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), bytes32(salt), codeHash)))));
    }
}
