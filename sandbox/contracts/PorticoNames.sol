// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title PorticoNames
/// @notice The account-name registry of the Portico sandbox. The data API checks the visitor's
///         signed request (SPEC.md §5 rules) and submits the registration from its own key, the
///         registrar; the chain is the only store, so a restarted API reads every name back.
contract PorticoNames {
    struct Record {
        address owner;
        uint64 registered;
        uint256 coinType;
    }

    address public immutable registrar;
    mapping(bytes32 nameHash => Record) private records;
    mapping(address owner => string[]) private owned;
    uint256 public count;

    event NameRegistered(string name, address indexed owner, uint256 coinType, uint64 registered);

    error NotRegistrar();
    error NameTaken(string name);
    error ZeroAddress();

    constructor(address registrar_) {
        registrar = registrar_;
    }

    function register(string calldata name, address owner, uint256 coinType) external {
        if (msg.sender != registrar) revert NotRegistrar();
        if (owner == address(0)) revert ZeroAddress();
        bytes32 key = keccak256(bytes(name));
        if (records[key].owner != address(0)) revert NameTaken(name);
        records[key] = Record(owner, uint64(block.timestamp), coinType);
        owned[owner].push(name);
        count += 1;
        emit NameRegistered(name, owner, coinType, uint64(block.timestamp));
    }

    /// @notice Owner, coin type and registration time of `name`; owner is zero when it is free.
    function resolve(string calldata name) external view returns (address owner, uint256 coinType, uint64 registered) {
        Record storage r = records[keccak256(bytes(name))];
        return (r.owner, r.coinType, r.registered);
    }

    /// @notice Every name registered to `owner`, oldest first.
    function namesOf(address owner) external view returns (string[] memory) {
        return owned[owner];
    }
}
