// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// The sandbox's stand-in for Farcaster's ID registry, placed (anvil_setCode) at the address
/// Sign In With Farcaster reads: `idOf(custody)` is the fid a custody address owns (0: none).
/// Anyone registers their own address once; fids count up from 1.
contract FarcasterIdRegistry {
    mapping(address => uint256) public idOf;
    mapping(uint256 => address) public custodyOf;
    uint256 public idCounter;

    event Register(address indexed to, uint256 indexed id);

    error HasId();

    function register() external returns (uint256 fid) {
        if (idOf[msg.sender] != 0) revert HasId();
        fid = ++idCounter;
        idOf[msg.sender] = fid;
        custodyOf[fid] = msg.sender;
        emit Register(msg.sender, fid);
    }
}
