// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// ERC-4337 v0.7/v0.8 packed user operation, as the EntryPoint passes it.
struct PackedUserOperation {
    address sender;
    uint256 nonce;
    bytes initCode;
    bytes callData;
    bytes32 accountGasLimits;
    uint256 preVerificationGas;
    bytes32 gasFees;
    bytes paymasterAndData;
    bytes signature;
}

/// The part of the EntryPoint the paymaster calls: its deposit.
interface IEntryPointDeposit {
    function depositTo(address account) external payable;
    function balanceOf(address account) external view returns (uint256);
}

/// The sandbox's gas sponsor: pays for a user operation when the sandbox's sponsor key signed it.
/// The data API signs only for the projects the sandbox knows (see sandbox/README.md), so anyone
/// else's operation carries no valid signature and the EntryPoint refuses it (AA34).
///
/// paymasterAndData = paymaster (20 bytes) | verification gas limit (16) | post-op gas limit (16)
///                  | validUntil (6) | validAfter (6) | signature (65)
contract SandboxPaymaster {
    address public immutable entryPoint;
    address public immutable sponsorSigner;

    uint256 private constant PAYMASTER_DATA_OFFSET = 52;
    uint256 private constant SPONSOR_DATA_LENGTH = 77;
    uint256 private constant SIG_VALIDATION_FAILED = 1;

    constructor(address entryPoint_, address sponsorSigner_) {
        entryPoint = entryPoint_;
        sponsorSigner = sponsorSigner_;
    }

    /// Adds to the paymaster's deposit at the EntryPoint, out of which it pays for operations.
    function deposit() public payable {
        IEntryPointDeposit(entryPoint).depositTo{value: msg.value}(address(this));
    }

    receive() external payable {
        deposit();
    }

    function getDeposit() external view returns (uint256) {
        return IEntryPointDeposit(entryPoint).balanceOf(address(this));
    }

    /// What the sponsor key signs (EIP-191): the operation's fields, without the paymaster's signature.
    function sponsorHash(PackedUserOperation calldata op, uint48 validUntil, uint48 validAfter) public view returns (bytes32) {
        return keccak256(
            abi.encode(
                op.sender,
                op.nonce,
                keccak256(op.initCode),
                keccak256(op.callData),
                op.accountGasLimits,
                bytes32(op.paymasterAndData[20:PAYMASTER_DATA_OFFSET]),
                op.preVerificationGas,
                op.gasFees,
                block.chainid,
                address(this),
                validUntil,
                validAfter
            )
        );
    }

    function validatePaymasterUserOp(PackedUserOperation calldata op, bytes32, uint256)
        external
        view
        returns (bytes memory context, uint256 validationData)
    {
        require(msg.sender == entryPoint, "SandboxPaymaster: only the EntryPoint");
        bytes calldata data = op.paymasterAndData[PAYMASTER_DATA_OFFSET:];
        require(data.length == SPONSOR_DATA_LENGTH, "SandboxPaymaster: not sponsored (no sponsor data)");
        uint48 validUntil = uint48(bytes6(data[0:6]));
        uint48 validAfter = uint48(bytes6(data[6:12]));
        bytes32 digest = keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", sponsorHash(op, validUntil, validAfter)));
        address signer = recover(digest, data[12:77]);
        uint256 failed = signer != address(0) && signer == sponsorSigner ? 0 : SIG_VALIDATION_FAILED;
        return ("", failed | (uint256(validUntil) << 160) | (uint256(validAfter) << 208));
    }

    /// Never called: validation answers an empty context.
    function postOp(uint8, bytes calldata, uint256, uint256) external pure {}

    function recover(bytes32 digest, bytes calldata signature) private pure returns (address) {
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (v < 27) v += 27;
        // Upper half of s: a malleable signature (EIP-2).
        if (uint256(s) > 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0) return address(0);
        return ecrecover(digest, v, r, s);
    }
}
